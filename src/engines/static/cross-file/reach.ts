// Which modules a tainted argument is worth following into: those whose text could hold a taint sink (a taint
// detector's prefilter matches), and those that import such a module within the hop bound. Text and import
// resolution only, no parse: most of a library's modules (lodash's) reach no sink and are never analysed for calls.
import { DETECTORS, getRule } from '../rules.ts';
import type { SourceFile } from '../types.ts';
import { relativeSpecifiers } from './calls.ts';

const TAINT_DETECTORS = DETECTORS.filter((d) => d.rules.some((id) => getRule(id)?.taint));
// The detectors whose rules take a library's exported parameter as a source (command, code, XSS …).
const LIBRARY_DETECTORS = DETECTORS.filter((d) => d.rules.some((id) => getRule(id)?.librarySource));

/** Who a value comes from: request input (any taint sink matters) or a library's caller (only the library rules' sinks). */
export type Origin = 'input' | 'library';

/** True when a taint rule for values of this origin could fire somewhere in this text. */
export function maySink(content: string, origin: Origin = 'input'): boolean {
  return (origin === 'input' ? TAINT_DETECTORS : LIBRARY_DETECTORS).some((d) => d.prefilter.test(content));
}

/** Each file's resolved imports among `files` (sorted), from its relative specifiers. */
export function importsOf(files: readonly SourceFile[], resolve: (from: string, specifier: string) => string | undefined): Map<string, string[]> {
  const known = new Set(files.map((f) => f.path));
  return new Map(files.map((f) => {
    const targets = relativeSpecifiers(f.content).map((s) => resolve(f.path, s)).filter((t): t is string => t !== undefined && t !== f.path && known.has(t));
    return [f.path, [...new Set(targets)].sort()];
  }));
}

/** The files from which a sink module is at most `hops` imports away (sink modules included). */
export function reachingSinks(files: readonly SourceFile[], imports: ReadonlyMap<string, readonly string[]>, hops: number, origin: Origin = 'input'): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [from, targets] of imports) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), from]);
  const reach = new Set(files.filter((f) => maySink(f.content, origin)).map((f) => f.path));
  let frontier = [...reach];
  for (let i = 0; i < hops && frontier.length > 0; i += 1) {
    const next: string[] = [];
    for (const path of frontier) for (const from of importers.get(path) ?? []) if (!reach.has(from)) { reach.add(from); next.push(from); }
    frontier = next;
  }
  return reach;
}
