// Builds the import graph over per-file indexes: resolves every import to repository files and
// records, for each file, which files import it. Pure and deterministic (sorted paths throughout).
import { resolveContext, resolveDotted, resolveGo, resolveJs, resolvePython, type GoModule, type ResolveContext } from '../static/resolve.ts';
import type { CodeIndex, FileIndex, ImportRef } from './types.ts';
import { compareText } from '../../foundations/text/compare.ts';

const JS_LANGUAGES = new Set(['javascript', 'typescript']);
const DOTTED_LANGUAGES = new Set(['java', 'kotlin', 'scala']);

function withResolved(ref: ImportRef, resolved: string | undefined): ImportRef {
  return resolved ? { ...ref, resolved } : ref;
}

// `from pkg import mod` may name a submodule rather than a value: each such binding gets its own ref.
function pythonRefs(from: string, ref: ImportRef, ctx: ResolveContext): ImportRef[] {
  const main = resolvePython(from, ref.specifier, ctx);
  const separator = ref.specifier.endsWith('.') ? '' : '.';
  const out: ImportRef[] = [];
  const kept = ref.bindings.filter((b) => {
    if (b.imported === '*') return true;
    const sub = resolvePython(from, `${ref.specifier}${separator}${b.imported}`, ctx);
    if (!sub || (main && !main.endsWith('__init__.py'))) return true;
    out.push({ specifier: `${ref.specifier}${separator}${b.imported}`, line: ref.line, bindings: [{ local: b.local, imported: '*' }], resolved: sub });
    return false;
  });
  if (kept.length > 0 || out.length === 0) out.unshift(withResolved({ ...ref, bindings: kept }, main));
  return out;
}

function resolveRefs(file: FileIndex, ref: ImportRef, ctx: ResolveContext): ImportRef[] {
  if (file.precise || JS_LANGUAGES.has(file.language)) return [withResolved(ref, resolveJs(file.path, ref.specifier, ctx))];
  if (file.language === 'python') return pythonRefs(file.path, ref, ctx);
  if (file.language === 'go') {
    const targets = resolveGo(ref.specifier, ctx).filter((t) => t !== file.path);
    return targets.length > 0 ? targets.map((t) => ({ ...ref, resolved: t })) : [ref];
  }
  if (DOTTED_LANGUAGES.has(file.language)) return [withResolved(ref, resolveDotted(ref.specifier, ctx))];
  return [ref];
}

export interface GraphOptions {
  /** Every path that exists in scope, indexed or not (a changed file is still a resolution target). */
  paths?: readonly string[];
  goModules?: GoModule[];
}

export function buildCodeIndex(entries: readonly FileIndex[], options: GraphOptions = {}): CodeIndex {
  const ctx = resolveContext([...new Set([...(options.paths ?? []), ...entries.map((e) => e.path)])], options.goModules);
  const files = new Map<string, FileIndex>();
  const importers = new Map<string, Set<string>>();
  for (const entry of [...entries].sort((a, b) => compareText(a.path, b.path))) {
    const imports = entry.imports.flatMap((ref) => resolveRefs(entry, ref, ctx));
    files.set(entry.path, { ...entry, imports });
    for (const ref of imports) {
      if (!ref.resolved || ref.resolved === entry.path) continue;
      const set = importers.get(ref.resolved) ?? new Set<string>();
      set.add(entry.path);
      importers.set(ref.resolved, set);
    }
  }
  return { files, importers: new Map([...importers].map(([k, v]) => [k, [...v].sort()])) };
}

/** Files a file imports (resolved, itself excluded), sorted and unique. */
export function dependenciesOf(index: CodeIndex, path: string): string[] {
  const refs = index.files.get(path)?.imports ?? [];
  return [...new Set(refs.flatMap((r) => (r.resolved && r.resolved !== path ? [r.resolved] : [])))].sort();
}
