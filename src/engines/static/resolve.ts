// Resolving an import specifier to repository files: Node/TypeScript relative resolution (extensions,
// .js → .ts, index files), Python modules and packages, Go packages via go.mod, Java-style dotted names.
// Pure: the set of known paths in, paths out. Bare package names stay unresolved (external). The cross-file pass,
// the code index and the attack surface all resolve with it.
import { posix } from 'node:path';

export interface GoModule {
  /** Folder holding go.mod ('' for the repository root). */
  dir: string;
  /** The `module` path declared in it. */
  module: string;
}

export interface ResolveContext {
  known: ReadonlySet<string>;
  byDir: ReadonlyMap<string, string[]>;
  byStem: ReadonlyMap<string, string[]>;
  goModules: GoModule[];
}

const stem = (path: string) => posix.basename(path).replace(/\.[^.]+$/, '');

export function resolveContext(paths: readonly string[], goModules: GoModule[] = []): ResolveContext {
  const byDir = new Map<string, string[]>();
  const byStem = new Map<string, string[]>();
  for (const path of [...paths].sort()) {
    const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    byDir.set(dir, [...(byDir.get(dir) ?? []), path]);
    byStem.set(stem(path), [...(byStem.get(stem(path)) ?? []), path]);
  }
  // Longest module path first, so a nested module wins over its parent.
  const modules = [...goModules].sort((a, b) => b.module.length - a.module.length);
  return { known: new Set(paths), byDir, byStem, goModules: modules };
}

const JS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
// TypeScript's NodeNext style: the import names the emitted .js file, the source is .ts.
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** Joins a folder and a relative path; undefined when the result leaves the repository. */
function inside(dir: string, rel: string): string | undefined {
  const joined = posix.normalize(posix.join(dir, rel));
  if (joined === '..' || joined.startsWith('../') || posix.isAbsolute(joined)) return undefined;
  return joined === '.' ? '' : joined.replace(/\/$/, '');
}

export function resolveJs(from: string, specifier: string, ctx: ResolveContext): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return undefined;
  const base = inside(posix.dirname(from), specifier);
  if (base === undefined) return undefined;
  const ext = posix.extname(base);
  // Tried in order, built only as far as needed: a repository resolves tens of thousands of imports per run.
  if (base !== '' && ctx.known.has(base)) return base;
  for (const e of TS_FOR_JS[ext] ?? []) {
    const c = base.slice(0, -ext.length) + e;
    if (ctx.known.has(c)) return c;
  }
  for (const e of JS_EXTENSIONS) if (ctx.known.has(base + e)) return base + e;
  for (const e of JS_EXTENSIONS) {
    const c = posix.join(base, `index${e}`);
    if (ctx.known.has(c)) return c;
  }
  return undefined;
}

function pythonModule(dir: string, dotted: string, ctx: ResolveContext): string | undefined {
  const rel = dotted.split('.').filter(Boolean).join('/');
  const base = inside(dir, rel);
  if (base === undefined) return undefined;
  return [`${base}.py`, posix.join(base, '__init__.py')].find((c) => ctx.known.has(c.replace(/^\//, '')));
}

export function resolvePython(from: string, specifier: string, ctx: ResolveContext): string | undefined {
  const dots = /^\.*/.exec(specifier)?.[0].length ?? 0;
  const rest = specifier.slice(dots);
  if (dots > 0) {
    let dir = posix.dirname(from);
    for (let i = 1; i < dots; i += 1) dir = posix.dirname(dir);
    return pythonModule(dir === '.' ? '' : dir, rest, ctx);
  }
  // Absolute imports: the repository root, then each folder above the importing file (src/ layouts).
  const parts = posix.dirname(from).split('/').filter((p) => p !== '.');
  const roots = [''].concat(parts.map((_, i) => parts.slice(0, i + 1).join('/')));
  for (const root of roots) {
    const hit = pythonModule(root, rest, ctx);
    if (hit) return hit;
  }
  return undefined;
}

/** Go imports name a package (a folder): every non-test .go file in it. */
export function resolveGo(specifier: string, ctx: ResolveContext): string[] {
  for (const { dir, module } of ctx.goModules) {
    if (specifier !== module && !specifier.startsWith(`${module}/`)) continue;
    const folder = posix.join(dir, specifier.slice(module.length + 1)).replace(/^\.$/, '').replace(/\/$/, '');
    return (ctx.byDir.get(folder) ?? []).filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
  }
  return [];
}

/** Java-family `a.b.C`: the file whose path ends with a/b/C.<ext>. */
export function resolveDotted(specifier: string, ctx: ResolveContext): string | undefined {
  const segments = specifier.split('.');
  const suffix = segments.join('/');
  const hits = (ctx.byStem.get(segments.at(-1) ?? '') ?? []).filter((p) => {
    const noExt = p.replace(/\.[^./]+$/, '');
    return noExt === suffix || noExt.endsWith(`/${suffix}`);
  });
  return hits.length === 1 ? hits[0] : undefined;
}
