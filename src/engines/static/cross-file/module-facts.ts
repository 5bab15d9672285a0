// The module-facts step of a scan: for each file, the facts (export-facts.ts) about what its relative imports
// export — child_process or one of its functions, a constant regular expression — with re-exports followed a fixed
// number of modules deep. Pure and deterministic: files and a resolver in, facts per importing file out; a specifier
// that does not resolve to a file of the scan gives no fact.
import { compareText } from '../../../foundations/text/compare.ts';
import type { ImportedFact, SourceFile } from '../types.ts';
import { relativeSpecifiers } from './calls.ts';
import { exportFacts, type ExportFact } from './export-facts.ts';

type Resolve = (from: string, specifier: string) => string | undefined;

/** Re-exports followed from an imported module (`index.js` → `lib/cp.js` → child_process is one). */
export const MAX_REEXPORTS = 2;
// Facts handed to one importing file: its imports' sinks and patterns, not a whole package's.
const MAX_IMPORTED = 64;

/** A fact resolved to a value: a sink module or function, or a pattern, and where it is written. */
type Resolved = Omit<ExportFact, 'via'> & { from: string };

/** The resolved facts of each module, computed once per module it is asked for. */
function resolver(files: readonly SourceFile[], resolve: Resolve): (path: string) => Resolved[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const own = new Map<string, ExportFact[]>();
  const ownOf = (path: string) => {
    let facts = own.get(path);
    if (!facts) own.set(path, (facts = exportFacts(byPath.get(path) as SourceFile)));
    return facts;
  };
  const memo = new Map<string, Resolved[]>();
  const resolved = (path: string, depth: number): Resolved[] => {
    const key = `${depth}\0${path}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const out: Resolved[] = [];
    for (const { via, ...fact } of ownOf(path)) {
      if (!via) {
        out.push({ ...fact, from: path });
        continue;
      }
      const target = depth < MAX_REEXPORTS ? resolve(path, via.specifier) : undefined;
      if (target === undefined || target === path || !byPath.has(target)) continue;
      const theirs = resolved(target, depth + 1);
      if (via.key === '*') out.push(...theirs.filter((t) => t.key !== '' && t.key !== 'default'));
      else out.push(...theirs.filter((t) => t.key === via.key).map((t) => ({ ...t, key: fact.key })));
    }
    memo.set(key, out);
    return out;
  };
  return (path) => resolved(path, 0);
}

/** What each file's relative imports export that a detector can use, by importing file (files with none left out). */
export function importedFacts(files: readonly SourceFile[], resolve: Resolve): Map<string, ImportedFact[]> {
  const known = new Set(files.map((f) => f.path));
  const factsOf = resolver(files, resolve);
  const out = new Map<string, ImportedFact[]>();
  for (const file of [...files].sort((a, b) => compareText(a.path, b.path))) {
    const facts: ImportedFact[] = [];
    for (const specifier of relativeSpecifiers(file.content)) {
      const target = resolve(file.path, specifier);
      if (target === undefined || target === file.path || !known.has(target)) continue;
      const theirs = factsOf(target);
      // A key written twice (`exports.k = …` in two places) is not guessed between: no fact.
      const once = theirs.filter((t) => theirs.filter((u) => u.key === t.key).length === 1);
      for (const { key, line, from, ...value } of once) facts.push({ specifier, export: key, ...value, from, line });
    }
    if (facts.length > 0) out.set(file.path, facts.slice(0, MAX_IMPORTED));
  }
  return out;
}
