// The prototype-pollution shape grammar: small library modules composed from independent axes — how the attacker's
// keys arrive (entry, key source), how the code walks with them, how it writes, and what guard (or decoy) stands in the
// way — each with the answer a correct detector gives: report it (a key can reach Object.prototype) or stay silent.
// Families: path setters `set(obj, path, value)`, recursive merges `merge(target, source)`, parsers building nested
// objects from text, and fixed decoys. shape-grammar.test.ts runs them through the static engine.
import { prng } from '../../../../../scripts/kit/seeded-random.ts';

export interface ShapeCase {
  family: 'path' | 'merge' | 'parser' | 'decoy';
  /** Axis name → value name. */
  axes: Record<string, string>;
  path: string;
  content: string;
  /** A key from the input can reach Object.prototype. */
  vulnerable: boolean;
}

/** A guard in front of each key the code uses: its statement (given the key and the statement that skips it), any
 *  module-level code it needs, whether it blocks the attack, and whether the module must own the root object. */
interface Guard { stmt: (k: string, skip: string) => string; prelude?: string; blocks: boolean; protoOnly?: boolean; nullRoot?: boolean; strict?: boolean }
const GUARDS: Record<string, Guard> = {
  none: { stmt: () => '', blocks: false },
  eq3: { stmt: (k, skip) => `if (${k} === '__proto__' || ${k} === 'constructor' || ${k} === 'prototype') ${skip};`, blocks: true, strict: true },
  list: { stmt: (k) => `if (BLOCKED_KEYS.includes(${k})) throw new Error('Unsafe key: ' + ${k});`, prelude: "const BLOCKED_KEYS = ['__proto__', 'constructor', 'prototype'];", blocks: true, strict: true },
  helper: { stmt: (k, skip) => `if (badKey(${k})) ${skip};`, prelude: "function badKey(key) {\n  return key === '__proto__' || key === 'constructor' || key === 'prototype';\n}", blocks: true, strict: true },
  // Only __proto__: `constructor.prototype` stays open unless the descent replaces what is not an object.
  protoOnly: { stmt: (k, skip) => `if (${k} === '__proto__') ${skip};`, blocks: false, protoOnly: true, strict: true },
  // The module owns a root with no prototype and creates every level without one.
  nullProto: { stmt: () => '', blocks: true, nullRoot: true },
};

const indent = (text: string, by = '  ') => text.split('\n').map((l) => (l.trim() ? by + l : l)).join('\n');
const lines = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n');

// ---------------------------------------------------------------------------------------------------------------
// Path setters: set(obj, path, value).

/** The module around a setter body: the body reads `path` and `value` and walks from `obj`. */
interface PathEntry { wrap: (body: string, preludes: string) => string; ownsRoot: boolean; esm?: boolean }
const PATH_ENTRIES: Record<string, PathEntry> = {
  cjs: { ownsRoot: false, wrap: (body, pre) => `'use strict';\n${pre}\nmodule.exports.set = function set(obj, path, value) {\n${indent(body)}\n  return obj;\n};\n` },
  esm: { ownsRoot: false, esm: true, wrap: (body, pre) => `${pre}\nexport function setPath(obj, path, value) {\n${indent(body)}\n  return obj;\n}\n` },
  arrow: { ownsRoot: false, wrap: (body, pre) => `${pre}\nconst setIn = (obj, path, value) => {\n${indent(body)}\n  return obj;\n};\nmodule.exports = { setIn };\n` },
  classMethod: { ownsRoot: true, esm: true, wrap: (body, pre) => `${pre}\nexport class Config {\n  constructor() {\n    this.data = ROOT;\n  }\n\n  set(path, value) {\n    const obj = this.data;\n${indent(body, '    ')}\n    return this;\n  }\n}\n` },
  protoMethod: { ownsRoot: true, wrap: (body, pre) => `${pre}\nfunction Store() {\n  this.store = ROOT;\n}\n\nStore.prototype.set = function (path, value) {\n  var obj = this.store;\n${indent(body)}\n  return this;\n};\n\nmodule.exports = Store;\n` },
};

/** Where the keys come from: `keys` from `path`; `attacker` false for keys the module fixes itself. */
// `arrays`: the keys are the caller's own array elements when the path is an array, so they may be arrays themselves
// (`[['__proto__'], 'x']`): a strict check of the key's name passes them, and the property key they become is the name.
const PATH_KEYS: Record<string, { code: string; prelude?: string; attacker: boolean; arrays?: boolean }> = {
  dot: { code: "const keys = path.split('.');", attacker: true },
  slash: { code: "const keys = String(path).split('/').filter(Boolean);", attacker: true },
  array: { code: "const keys = Array.isArray(path) ? path.slice() : [path];", attacker: true, arrays: true },
  brackets: { code: "const keys = path.replace(/\\[([^\\]]*)\\]/g, '.$1').split('.');", attacker: true },
  regex: { code: 'const keys = path.match(/[^.[\\]]+/g) || [];', attacker: true },
  constant: { code: "const keys = DEFAULT_PATH.split('.');", prelude: "const DEFAULT_PATH = 'settings.cache.size';", attacker: false },
};

/** How a missing level is created (`NEW` is the fresh object); `replaces` when it replaces whatever is not an object. */
const CREATES: Record<string, { code: (o: string, k: string) => string; replaces: boolean }> = {
  or: { code: (o, k) => `${o}[${k}] = ${o}[${k}] || NEW;`, replaces: false },
  ifMissing: { code: (o, k) => `if (!${o}[${k}]) ${o}[${k}] = NEW;`, replaces: false },
  typeofObject: { code: (o, k) => `if (typeof ${o}[${k}] !== 'object' || ${o}[${k}] === null) ${o}[${k}] = NEW;`, replaces: true },
  notIn: { code: (o, k) => `if (!(${k} in ${o})) ${o}[${k}] = NEW;`, replaces: false },
};

/** The last level's write. */
const FINALS: Record<string, (o: string, k: string) => string> = {
  assign: (o, k) => `${o}[${k}] = value;`,
  objectAssign: (o, k) => `${o}[${k}] = Object.assign(${o}[${k}] || {}, value);`,
  defineProperty: (o, k) => `Object.defineProperty(${o}, ${k}, { value, writable: true, enumerable: true, configurable: true });`,
};

/** The walk along `keys` from `obj`: its body, and any module-level helper. */
type Walk = (g: Guard, create: (o: string, k: string) => string, final: (o: string, k: string) => string) => { body: string; helper?: string };
const WALKS: Record<string, Walk> = {
  forIndex: (g, c, f) => ({ body: lines('let cur = obj;', 'for (let i = 0; i < keys.length - 1; i++) {', '  const k = keys[i];', indent(g.stmt('k', 'continue')), indent(c('cur', 'k')), '  cur = cur[k];', '}', 'const last = keys[keys.length - 1];', g.stmt('last', 'return obj'), f('cur', 'last')) }),
  forOf: (g, c, f) => ({ body: lines('let cur = obj;', 'const last = keys.pop();', 'for (const k of keys) {', indent(g.stmt('k', 'continue')), indent(c('cur', 'k')), '  cur = cur[k];', '}', g.stmt('last', 'return obj'), f('cur', 'last')) }),
  whileShift: (g, c, f) => ({ body: lines('let cur = obj;', 'while (keys.length > 1) {', '  const k = keys.shift();', indent(g.stmt('k', 'continue')), indent(c('cur', 'k')), '  cur = cur[k];', '}', 'const last = keys[0];', g.stmt('last', 'return obj'), f('cur', 'last')) }),
  reduce: (g, c, f) => ({ body: lines('const last = keys.pop();', 'const cur = keys.reduce((o, k) => {', indent(g.stmt('k', 'return o')), indent(c('o', 'k')), '  return o[k];', '}, obj);', g.stmt('last', 'return obj'), f('cur', 'last')) }),
  recursion: (g, c, f) => ({
    body: 'assignPath(obj, keys, value);',
    helper: lines('function assignPath(cur, keys, value) {', '  const k = keys[0];', indent(g.stmt('k', 'return cur')), '  if (keys.length === 1) {', indent(f('cur', 'k'), '    '), '    return cur;', '  }', indent(c('cur', 'k')), '  return assignPath(cur[k], keys.slice(1), value);', '}'),
  }),
};

function pathCase(entry: string, keys: string, walk: string, create: string, final: string, guard: string): ShapeCase | null {
  const e = PATH_ENTRIES[entry]!;
  const g = GUARDS[guard]!;
  const k = PATH_KEYS[keys]!;
  const cr = CREATES[create]!;
  if (g.nullRoot && !e.ownsRoot) return null;
  const fresh = g.nullRoot ? 'Object.create(null)' : '{}';
  const w = WALKS[walk]!(g, (o, key) => cr.code(o, key).replace('NEW', fresh), FINALS[final]!);
  const preludes = [k.prelude ?? '', g.prelude ?? '', w.helper ?? ''].filter(Boolean).join('\n\n');
  const content = e.wrap(lines(k.code, w.body), preludes ? `\n${preludes}\n` : '').replace('ROOT', fresh);
  const blocked = (g.blocks || (g.protoOnly === true && cr.replaces)) && !(k.arrays === true && g.strict === true);
  return { family: 'path', axes: { entry, keys, walk, create, final, guard }, path: `lib/${walk}-${entry}.${e.esm ? 'mjs' : 'js'}`, content, vulnerable: k.attacker && !blocked };
}

// ---------------------------------------------------------------------------------------------------------------
// Recursive merges: merge(target, source) and its kin.

/** The module around a merge: `REC(a, b)` is the recursive call as spelled inside, `OUT(a, b)` from a helper. */
interface MergeEntry { wrap: (name: string, body: string, pre: string) => string; rec: (name: string) => string; out: (name: string) => string; esm?: boolean }
const MERGE_ENTRIES: Record<string, MergeEntry> = {
  cjs: { rec: (n) => n, out: (n) => n, wrap: (n, body, pre) => `'use strict';\n${pre}\nfunction ${n}(target, source) {\n${indent(body)}\n  return target;\n}\n\nmodule.exports = ${n};\n` },
  esm: { esm: true, rec: (n) => n, out: (n) => n, wrap: (n, body, pre) => `${pre}\nexport function ${n}(target, source) {\n${indent(body)}\n  return target;\n}\n` },
  arrow: { rec: (n) => n, out: (n) => n, wrap: (n, body, pre) => `${pre}\nconst ${n} = (target, source) => {\n${indent(body)}\n  return target;\n};\n\nmodule.exports = { ${n} };\n` },
  objectMethod: { rec: (n) => `this.${n}`, out: (n) => `api.${n}`, wrap: (n, body, pre) => `${pre}\nconst api = {\n  ${n}(target, source) {\n${indent(body, '    ')}\n    return target;\n  },\n};\n\nmodule.exports = api;\n` },
  classStatic: { esm: true, rec: (n) => `Util.${n}`, out: (n) => `Util.${n}`, wrap: (n, body, pre) => `${pre}\nexport default class Util {\n  static ${n}(target, source) {\n${indent(body, '    ')}\n    return target;\n  }\n}\n` },
  variadic: { rec: (n) => n, out: (n) => n, wrap: (n, body, pre) => `'use strict';\n${pre}\nfunction ${n}(target, ...sources) {\n  for (const source of sources) {\n    if (!isObject(source)) continue;\n${indent(body, '    ')}\n  }\n  return target;\n}\n\nmodule.exports = ${n};\n` },
};

/** The loop over the source's keys around a body using `key`; `skip` leaves one key. */
const ITERATIONS: Record<string, { wrap: (body: string) => string; skip: string }> = {
  forIn: { skip: 'continue', wrap: (b) => `for (const key in source) {\n${indent(b)}\n}` },
  keysForEach: { skip: 'return', wrap: (b) => `Object.keys(source).forEach((key) => {\n${indent(b)}\n});` },
  forOfKeys: { skip: 'continue', wrap: (b) => `for (const key of Object.keys(source)) {\n${indent(b)}\n}` },
  entries: { skip: 'continue', wrap: (b) => `for (const [key, val] of Object.entries(source)) {\n${indent(b)}\n}` },
};

/** The leaf write of a source value. */
const LEAVES: Record<string, (t: string, k: string, v: string) => string> = {
  assign: (t, k, v) => `${t}[${k}] = ${v};`,
  defaults: (t, k, v) => `if (${t}[${k}] === undefined) ${t}[${k}] = ${v};`,
  defineProperty: (t, k, v) => `Object.defineProperty(${t}, ${k}, { value: ${v}, enumerable: true, writable: true, configurable: true });`,
};

/** The descent into the target: `own` adds a condition (the target's own key) when the guard asks for one;
 *  `replaces` when the descent enters only objects (`constructor`, a function, is then overwritten, not entered). */
type Descent = { code: (rec: string, leaf: (t: string, k: string, v: string) => string, own: string) => string; helper?: (out: string, leaf: (t: string, k: string, v: string) => string, own: string) => string; replaces: boolean };
const DESCENTS: Record<string, Descent> = {
  direct: { replaces: true, code: (r, l, own) => lines(`if (isObject(source[key])${own}) {`, '  if (!isObject(target[key])) target[key] = {};', `  ${r}(target[key], source[key]);`, '} else {', `  ${l('target', 'key', 'source[key]')}`, '}') },
  alias: { replaces: true, code: (r, l, own) => lines('const sv = source[key];', 'const tv = target[key];', `if (isObject(sv) && isObject(tv)${own}) {`, `  ${r}(tv, sv);`, '} else {', `  ${l('target', 'key', 'sv')}`, '}') },
  truthy: { replaces: false, code: (r, l, own) => lines(`if (typeof source[key] === 'object' && target[key]${own}) {`, `  ${r}(target[key], source[key]);`, '} else {', `  ${l('target', 'key', 'source[key]')}`, '}') },
  assignResult: { replaces: false, code: (r, l, own) => lines(`if (isObject(source[key])${own}) {`, `  target[key] = ${r}(target[key] || {}, source[key]);`, '} else {', `  ${l('target', 'key', 'source[key]')}`, '}') },
  helper: {
    replaces: true,
    code: () => 'assignKey(target, source, key);',
    helper: (out, l, own) => lines('function assignKey(target, source, key) {', `  if (isObject(source[key]) && isObject(target[key])${own}) {`, `    ${out}(target[key], source[key]);`, '  } else {', `    ${l('target', 'key', 'source[key]')}`, '  }', '}'),
  },
};

const MERGE_NAMES = ['merge', 'extend', 'defaultsDeep', 'deepAssign', 'mixin'];
const MERGE_GUARDS = ['none', 'eq3', 'list', 'helper', 'protoOnly', 'ownTarget'];

function mergeCase(entry: string, name: string, iteration: string, descent: string, leaf: string, guard: string): ShapeCase {
  const e = MERGE_ENTRIES[entry]!;
  const it = ITERATIONS[iteration]!;
  const d = DESCENTS[descent]!;
  const own = guard === 'ownTarget' ? ' && Object.prototype.hasOwnProperty.call(target, key)' : '';
  const g = guard === 'ownTarget' ? GUARDS.none! : GUARDS[guard]!;
  const l = LEAVES[leaf]!;
  const body = it.wrap(lines(g.stmt('key', it.skip), d.code(e.rec(name), l, own)));
  const isObject = 'function isObject(x) {\n  return x !== null && typeof x === \'object\';\n}';
  const pre = [isObject, g.prelude ?? '', d.helper?.(e.out(name), l, own) ?? ''].filter(Boolean).join('\n\n');
  const content = e.wrap(name, body, `\n${pre}\n`);
  const blocked = g.blocks || guard === 'ownTarget' || (guard === 'protoOnly' && d.replaces);
  return { family: 'merge', axes: { entry, name, iteration, descent, leaf, guard }, path: `lib/${name}.${e.esm ? 'mjs' : 'js'}`, content, vulnerable: !blocked };
}

// ---------------------------------------------------------------------------------------------------------------
// Parsers: text (or argv) to a nested object.

/** Where (key, value) pairs come from: each sets `key` and `value` inside a loop over the input. */
const TOKENS: Record<string, { input: string; loop: (body: string) => string }> = {
  query: { input: 'str', loop: (b) => `for (const pair of String(str).split('&')) {\n  const [rawKey, rawValue = ''] = pair.split('=');\n  const key = decodeURIComponent(rawKey);\n  const value = decodeURIComponent(rawValue);\n${indent(b)}\n}` },
  ini: { input: 'str', loop: (b) => `for (const line of String(str).split(/\\r?\\n/)) {\n  const m = /^\\s*([^=]+?)\\s*=\\s*(.*)$/.exec(line);\n  if (!m) continue;\n  const key = m[1];\n  const value = m[2];\n${indent(b)}\n}` },
  argv: { input: 'argv', loop: (b) => `for (const arg of argv) {\n  if (!arg.startsWith('--')) continue;\n  const eq = arg.indexOf('=');\n  const key = arg.slice(2, eq);\n  const value = arg.slice(eq + 1);\n${indent(b)}\n}` },
};
/** How a key becomes a path. */
const EXPANDS: Record<string, string> = {
  dotted: "const keys = key.split('.');",
  brackets: "const keys = key.replace(/\\]/g, '').split('[');",
};
const PARSER_ENTRIES: Record<string, { wrap: (input: string, body: string, pre: string) => string; esm?: boolean }> = {
  cjs: { wrap: (i, b, pre) => `'use strict';\n${pre}\nfunction parse(${i}) {\n  const out = ROOT;\n${indent(b)}\n  return out;\n}\n\nmodule.exports = parse;\n` },
  esm: { esm: true, wrap: (i, b, pre) => `${pre}\nexport function parseArgs(${i}) {\n  const out = ROOT;\n${indent(b)}\n  return out;\n}\n` },
  protoMethod: { wrap: (i, b, pre) => `${pre}\nfunction Parser(options) {\n  this.options = options || {};\n}\n\nParser.prototype.parse = function (${i}) {\n  const out = ROOT;\n${indent(b)}\n  return out;\n};\n\nmodule.exports = Parser;\n` },
};
const PARSER_WALKS = ['forIndex', 'forOf', 'reduce', 'whileShift', 'recursion'];
const PARSER_GUARDS = ['none', 'eq3', 'helper', 'protoOnly', 'nullProto'];

function parserCase(entry: string, tokens: string, expand: string, walk: string, guard: string): ShapeCase {
  const e = PARSER_ENTRIES[entry]!;
  const t = TOKENS[tokens]!;
  const g = GUARDS[guard]!;
  const fresh = g.nullRoot ? 'Object.create(null)' : '{}';
  // The walk writes into `out` under the names the path walks use (`obj`, `value`).
  const w = WALKS[walk]!(g, (o, k) => CREATES.ifMissing!.code(o, k).replace('NEW', fresh), FINALS.assign!);
  const body = t.loop(lines(EXPANDS[expand]!, w.body.replace(/\bobj\b/g, 'out').replace(/return out;/g, 'continue;')));
  const pre = [g.prelude ?? '', w.helper ?? ''].filter(Boolean).join('\n\n');
  const content = e.wrap(t.input, body, pre ? `\n${pre}\n` : '').replace('ROOT', fresh);
  return { family: 'parser', axes: { entry, tokens, expand, walk, guard }, path: `lib/parse-${tokens}.${e.esm ? 'mjs' : 'js'}`, content, vulnerable: !g.blocks };
}

/** An ini parser's sections: `out[section][key] = value`, both keys from the text. */
function iniSections(guard: string, esm: boolean): ShapeCase {
  const g = GUARDS[guard]!;
  const fresh = g.nullRoot ? 'Object.create(null)' : '{}';
  const body = lines(
    'let section = null;',
    'for (const line of String(str).split(/\\r?\\n/)) {',
    '  const s = /^\\s*\\[([^\\]]+)\\]\\s*$/.exec(line);',
    '  if (s) {',
    '    section = s[1];',
    indent(g.stmt('section', 'continue'), '    '),
    `    out[section] = out[section] || ${fresh};`,
    '    continue;',
    '  }',
    '  const m = /^\\s*([^=]+?)\\s*=\\s*(.*)$/.exec(line);',
    '  if (!m) continue;',
    indent(g.stmt('m[1]', 'continue')),
    '  if (section) out[section][m[1]] = m[2];',
    '  else out[m[1]] = m[2];',
    '}',
  );
  const pre = g.prelude ? `\n${g.prelude}\n` : '';
  const content = (esm ? `${pre}\nexport function decode(str) {\n  const out = ${fresh};\n${indent(body)}\n  return out;\n}\n` : `'use strict';\n${pre}\nfunction decode(str) {\n  const out = ${fresh};\n${indent(body)}\n  return out;\n}\n\nmodule.exports = { decode };\n`);
  return { family: 'parser', axes: { entry: esm ? 'esm' : 'cjs', tokens: 'iniSections', expand: 'section', walk: 'bracketChain', guard }, path: `lib/ini.${esm ? 'mjs' : 'js'}`, content, vulnerable: !g.blocks };
}

// ---------------------------------------------------------------------------------------------------------------
// Decoys with no attacker key at the write, in CommonJS and ESM.

const DECOYS: Record<string, string> = {
  // fastify's shape: the object's own keys written back into it.
  deepFreeze: "function deepFreeze(obj) {\n  for (const key of Object.getOwnPropertyNames(obj)) {\n    const v = obj[key];\n    if (v && typeof v === 'object') obj[key] = deepFreeze(v);\n  }\n  return Object.freeze(obj);\n}\nEXPORT(deepFreeze)",
  // A clone into a new object per call: `out.__proto__ = …` gives only the copy another prototype.
  freshClone: "function cloneDeep(src) {\n  if (src === null || typeof src !== 'object') return src;\n  const out = Array.isArray(src) ? [] : {};\n  for (const key in src) {\n    out[key] = cloneDeep(src[key]);\n  }\n  return out;\n}\nEXPORT(cloneDeep)",
  // The module's own key list.
  constantKeys: "const SECTIONS = ['server', 'client', 'cache'];\nfunction withDefaults(config) {\n  for (const name of SECTIONS) {\n    config[name] = config[name] || {};\n    config[name].enabled = true;\n  }\n  return config;\n}\nEXPORT(withDefaults)",
  // A Map per level: no property is written.
  mapStore: "class MapStore {\n  constructor() {\n    this.root = new Map();\n  }\n  set(path, value) {\n    const keys = path.split('.');\n    const last = keys.pop();\n    let cur = this.root;\n    for (const k of keys) {\n      if (!cur.has(k)) cur.set(k, new Map());\n      cur = cur.get(k);\n    }\n    cur.set(last, value);\n  }\n}\nEXPORT(MapStore)",
  // Counting keys into a table with no prototype.
  nullTable: "function countWords(text) {\n  const counts = Object.create(null);\n  for (const word of String(text).split(/\\s+/)) {\n    counts[word] = (counts[word] || 0) + 1;\n  }\n  return counts;\n}\nEXPORT(countWords)",
  // Keys of the target mapped onto a fresh object (a rename): the written object is new and flat.
  renameKeys: "function mapKeys(obj, fn) {\n  const out = {};\n  for (const key of Object.keys(obj)) {\n    out[fn(key)] = obj[key];\n  }\n  return out;\n}\nEXPORT(mapKeys)",
};

function decoyCase(name: string, esm: boolean): ShapeCase {
  const code = DECOYS[name]!;
  const fn = /(?:function|class)\s+([\w$]+)/.exec(code)?.[1] ?? 'x';
  const content = esm ? `${code.replace(/EXPORT\([\w$]+\)/, '')}\nexport { ${fn} };\n` : `'use strict';\n${code.replace(/EXPORT\([\w$]+\)/, `module.exports = ${fn};`)}\n`;
  return { family: 'decoy', axes: { decoy: name, entry: esm ? 'esm' : 'cjs' }, path: `lib/${name}.${esm ? 'mjs' : 'js'}`, content, vulnerable: false };
}

// ---------------------------------------------------------------------------------------------------------------

function product(axes: string[][]): string[][] {
  return axes.reduce<string[][]>((acc, values) => acc.flatMap((a) => values.map((v) => [...a, v])), [[]]);
}

/** `count` of the list chosen by a seeded generator (the same cases on every machine), in the list's order. */
function sample<T>(list: T[], count: number, seed: number): T[] {
  if (list.length <= count) return list;
  const next = prng(seed);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(next() * list.length));
  return [...picked].sort((a, b) => a - b).map((i) => list[i] as T);
}

/** Every case of the grammar: a seeded sample of each family's product, the ini sections and the decoys whole. */
export function shapeCases(): ShapeCase[] {
  const paths = product([Object.keys(PATH_ENTRIES), Object.keys(PATH_KEYS), Object.keys(WALKS), Object.keys(CREATES), Object.keys(FINALS), Object.keys(GUARDS)])
    .map(([e, k, w, c, f, g]) => pathCase(e!, k!, w!, c!, f!, g!)).filter((c): c is ShapeCase => c !== null);
  const merges = product([Object.keys(MERGE_ENTRIES), MERGE_NAMES, Object.keys(ITERATIONS), Object.keys(DESCENTS), Object.keys(LEAVES), MERGE_GUARDS])
    .map(([e, n, i, d, l, g]) => mergeCase(e!, n!, i!, d!, l!, g!));
  const parsers = product([Object.keys(PARSER_ENTRIES), Object.keys(TOKENS), Object.keys(EXPANDS), PARSER_WALKS, PARSER_GUARDS])
    .filter(([e, t]) => (t === 'argv') === (e === 'esm'))
    .map(([e, t, x, w, g]) => parserCase(e!, t!, x!, w!, g!));
  const ini = product([PARSER_GUARDS, ['cjs', 'esm']]).map(([g, m]) => iniSections(g!, m === 'esm'));
  const decoys = product([Object.keys(DECOYS), ['cjs', 'esm']]).map(([d, m]) => decoyCase(d!, m === 'esm'));
  return [...sample(paths, 700, 41), ...sample(merges, 500, 42), ...parsers, ...ini, ...decoys];
}

export const SHAPE_FAMILIES = { paths: { entries: PATH_ENTRIES, keys: PATH_KEYS, walks: WALKS, creates: CREATES, finals: FINALS, guards: GUARDS }, merges: { entries: MERGE_ENTRIES, names: MERGE_NAMES } };
