// The framework source models as data: src/engines/static/sources/frameworks.json says, per framework, which request
// fields are attacker input and which function shapes are handlers whose parameters are. This file validates the
// table once and compiles it into the matchers the taint tracker and the handler checks use.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { escapeRe } from '../ast.ts';
import table from './frameworks.json' with { type: 'json' };
import { literal } from '../../../artifacts/schemas/literals.ts';

const Pattern = Type.String({ minLength: 1 });
const Params = Type.Array(Type.Integer({ minimum: 0, maximum: 8 }), { minItems: 1 });
const Modules = Type.Optional(Type.Array(Type.String({ pattern: '^[@a-z0-9][\\w./@-]*$' }), { minItems: 1 }));

const Handler = Type.Union([
  // (req, res)-shaped functions, by their first two parameter names.
  Type.Object({ kind: literal('params'), request: Pattern, response: Pattern }, { additionalProperties: false }),
  // A callback registered with a path string (`app.get('/x', (req) => …)`).
  Type.Object({ kind: literal('route'), callee: Pattern, request: Pattern }, { additionalProperties: false }),
  // A function passed to a call (`http.createServer(fn)`, `channel.consume(q, fn)`) in a file that loads one of `modules`.
  Type.Object({ kind: literal('callback'), callee: Pattern, modules: Modules, inputParams: Params }, { additionalProperties: false }),
  // A function under an object key passed to a call (`consumer.run({ eachMessage })`).
  Type.Object({ kind: literal('property'), key: Pattern, callee: Pattern, modules: Modules, inputParams: Params }, { additionalProperties: false }),
  // An exported function by name, optionally only in files matching `path` or with a first parameter matching `paramName`.
  Type.Object({ kind: literal('export'), name: Pattern, path: Type.Optional(Pattern), paramName: Type.Optional(Pattern), inputParams: Params }, { additionalProperties: false }),
  // Parameters bound from the request by a decorator (`@Query('q') q`); a parsing pipe among its arguments sanitises.
  Type.Object({ kind: literal('decorator'), decorators: Type.Array(Type.String({ pattern: '^\\w+$' }), { minItems: 1 }), sanitisingPipes: Type.Optional(Pattern) }, { additionalProperties: false }),
]);

const Framework = Type.Object(
  {
    framework: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
    describe: Type.String({ minLength: 1 }),
    requests: Type.Array(
      Type.Object(
        {
          receivers: Type.Array(Type.String({ pattern: '^[\\w$]+(\\.[\\w$]+)*$' }), { minItems: 1 }),
          properties: Type.Array(Type.String({ pattern: '^[\\w$]+(\\.[\\w$]+)*$' }), { minItems: 1 }),
          methods: Type.Optional(Type.Array(Type.String({ pattern: '^[\\w$]+$' }))),
        },
        { additionalProperties: false },
      ),
    ),
    handlers: Type.Array(Handler),
  },
  { additionalProperties: false },
);

export type FrameworkModel = Static<typeof Framework>;
export type HandlerShape = Static<typeof Handler>;

function load(data: unknown): FrameworkModel[] {
  if (!Array.isArray(data)) throw new Error('src/engines/static/sources/frameworks.json must be an array of framework models.');
  const seen = new Set<string>();
  return data.map((entry, i) => {
    if (!Value.Check(Framework, entry)) {
      const first = [...Value.Errors(Framework, entry)][0];
      throw new Error(`src/engines/static/sources/frameworks.json[${i}] is not a valid framework model (${first?.path ?? ''}: ${first?.message ?? 'invalid'}).`);
    }
    if (seen.has(entry.framework)) throw new Error(`Framework model '${entry.framework}' is defined twice in src/engines/static/sources/frameworks.json.`);
    seen.add(entry.framework);
    for (const h of entry.handlers) for (const p of patternsOf(h)) compile(p, `${entry.framework} ${h.kind} handler`);
    return entry;
  });
}

function patternsOf(h: HandlerShape): string[] {
  switch (h.kind) {
    case 'params': return [h.request, h.response];
    case 'route': return [h.callee, h.request];
    case 'callback': return [h.callee];
    case 'property': return [h.key, h.callee];
    case 'export': return [h.name, h.path ?? '', h.paramName ?? ''].filter(Boolean);
    case 'decorator': return h.sanitisingPipes ? [h.sanitisingPipes] : [];
  }
}

function compile(source: string, where: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new Error(`src/engines/static/sources/frameworks.json: ${where} has an invalid pattern ${JSON.stringify(source)} (${(error as Error).message}).`, { cause: error });
  }
}

export const FRAMEWORKS: readonly FrameworkModel[] = load(table);

const alternation = (names: Iterable<string>) => [...new Set(names)].map(escapeRe).join('|');

/** `receiver.property…` reads of request input, every framework's fields together. */
export const INPUT_PATH = new RegExp(
  FRAMEWORKS.flatMap((f) => f.requests).map((r) => `^(?:${alternation(r.receivers)})\\.(?:${alternation(r.properties)})\\b`).join('|') || '(?!)',
);

/** `receiver.method(…)` calls that return request input (`req.get('host')`, `await request.json()`). */
export const INPUT_CALL = new RegExp(
  FRAMEWORKS.flatMap((f) => f.requests).filter((r) => (r.methods ?? []).length > 0).map((r) => `^(?:${alternation(r.receivers)})\\.(?:${alternation(r.methods ?? [])})$`).join('|') || '(?!)',
);

/** Every handler shape of a kind, with the framework that declares it. */
export function shapes<K extends HandlerShape['kind']>(kind: K): Array<{ framework: string; shape: Extract<HandlerShape, { kind: K }> }> {
  return FRAMEWORKS.flatMap((f) => f.handlers.filter((h): h is Extract<HandlerShape, { kind: K }> => h.kind === kind).map((shape) => ({ framework: f.framework, shape })));
}

/** One pattern matching any of the shapes' patterns picked by `pick`. */
export function anyOf(patterns: readonly string[]): RegExp {
  return patterns.length === 0 ? /(?!)/ : new RegExp(patterns.map((p) => `(?:${p})`).join('|'));
}

/** Loads and checks a table the same way as the bundled one (tests feed it broken tables). */
export const checkFrameworkTable = load;
