// Which imported JavaScript modules are trust boundaries, and which of their functions count.
// Used with the code index's import bindings, so `import { exec as run } from 'child_process'` is still seen.
import type { FileIndex } from '../code-index/types.ts';
import type { BoundaryKind } from './types.ts';

interface ModuleRule {
  kind: BoundaryKind;
  /** Functions that count; absent: every call. 'default' is calling the module itself (axios(…)). */
  only?: ReadonlySet<string>;
}

const set = (...names: string[]) => new Set(names);
const RULES: Record<string, ModuleRule> = {
  fs: { kind: 'files' }, 'fs/promises': { kind: 'files' }, 'fs-extra': { kind: 'files' }, 'graceful-fs': { kind: 'files' },
  child_process: { kind: 'child-process' }, execa: { kind: 'child-process' }, 'cross-spawn': { kind: 'child-process' },
  shelljs: { kind: 'child-process' }, zx: { kind: 'child-process' },
  http: { kind: 'network', only: set('request', 'get') }, https: { kind: 'network', only: set('request', 'get') },
  http2: { kind: 'network', only: set('connect') }, net: { kind: 'network', only: set('connect', 'createConnection') },
  axios: { kind: 'network' }, 'node-fetch': { kind: 'network' }, got: { kind: 'network' }, undici: { kind: 'network' },
  superagent: { kind: 'network' }, ky: { kind: 'network' }, needle: { kind: 'network' },
  'js-yaml': { kind: 'deserialisation', only: set('load', 'loadAll') }, yaml: { kind: 'deserialisation', only: set('parse', 'parseDocument', 'parseAllDocuments') },
  'node-serialize': { kind: 'deserialisation', only: set('unserialize') }, v8: { kind: 'deserialisation', only: set('deserialize') },
  xml2js: { kind: 'deserialisation', only: set('parseString', 'parseStringPromise') },
  ejs: { kind: 'template', only: set('render', 'renderFile', 'compile') }, pug: { kind: 'template', only: set('render', 'renderFile', 'compile') },
  handlebars: { kind: 'template', only: set('compile') }, mustache: { kind: 'template', only: set('render') },
  nunjucks: { kind: 'template', only: set('render', 'renderString') },
};

export interface BoundModule {
  module: string;
  /** The module's export the local name refers to: a name, 'default' or '*'. */
  imported: string;
  rule: ModuleRule;
}

/** Local names bound to boundary modules in one file. */
export function boundaryBindings(file: FileIndex): Map<string, BoundModule> {
  const out = new Map<string, BoundModule>();
  for (const ref of file.imports) {
    const module = ref.specifier.replace(/^node:/, '');
    const rule = RULES[module];
    if (!rule) continue;
    for (const b of ref.bindings) out.set(b.local, { module, imported: b.imported, rule });
  }
  return out;
}

/** The boundary kind of calling `name` (or `object.name`) given the file's bindings. */
export function boundaryOfCall(bindings: Map<string, BoundModule>, name: string, object: string | undefined): { kind: BoundaryKind; detail: string } | undefined {
  const bound = bindings.get(object ?? name);
  if (!bound) return undefined;
  // ns.fn() (also `promises.readFile`): the called name; fn(): the named import, or the module's default itself.
  const whole = bound.imported === '*' || bound.imported === 'default';
  const fn = object !== undefined ? name : whole ? 'default' : bound.imported;
  if (bound.rule.only && !bound.rule.only.has(fn)) return undefined;
  return { kind: bound.rule.kind, detail: `${bound.module}${fn === 'default' ? '' : `.${fn}`}` };
}
