// Can the code reach a vulnerable dependency? From the code index: which files import the package, and
// whether any of them calls one of the advisory's vulnerable functions. Pure. Four answers, each with why:
// not-imported, imported (the vulnerable API not seen), reachable (the call site is the evidence) and
// unknown — a missing index, an unindexed file or an unnamed vulnerable API never becomes "not reachable".
import type { FileIndex } from '../code-index/types.ts';

export type Reachability = 'reachable' | 'imported' | 'not-imported' | 'unknown';

export interface CallEvidence {
  file: string;
  line: number;
  /** How the call names the function, e.g. "_.template" or "parseArgs (minimist)". */
  call: string;
}

export interface ReachabilityInput {
  package: string;
  functions: readonly string[];
  files: readonly FileIndex[];
  /** Files in scope the index could not read, with why. */
  unindexed: readonly { file: string; reason: string }[];
}

export interface ReachabilityResult {
  reachability: Reachability;
  reason: string;
  callSites: CallEvidence[];
  importedAt: { file: string; line: number }[];
}

const MAX_SITES = 10;

/** The package a module specifier names: "lodash/template" → lodash, "@s/x/y" → @s/x; undefined for relative or node: ones. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? (parts.length > 1 ? `${parts[0]}/${parts[1]}` : undefined) : parts[0];
}

export function reachabilityOf(input: ReachabilityInput): ReachabilityResult {
  const vulnerable = new Set(input.functions);
  const importedAt: ReachabilityResult['importedAt'] = [];
  const callSites: CallEvidence[] = [];
  let imprecise = 0;
  for (const file of input.files) {
    // local name → what calling it means: 'module' (the package object) or the function it is.
    const locals = new Map<string, string>();
    for (const imp of file.imports) {
      if (packageOf(imp.specifier) !== input.package) continue;
      importedAt.push({ file: file.path, line: imp.line });
      const sub = imp.specifier.slice(input.package.length + 1);
      for (const b of imp.bindings) {
        if (b.imported === '*' || b.imported === 'default') locals.set(b.local, sub ? sub.split('/').at(-1)! : 'module');
        else locals.set(b.local, b.imported);
      }
    }
    if (locals.size === 0) continue;
    if (!file.precise) imprecise++;
    for (const c of file.calls) {
      const what = c.object === undefined ? locals.get(c.name) : locals.get(c.object) === 'module' ? c.name : undefined;
      const fn = what === 'module' ? 'default' : what;
      if (fn !== undefined && vulnerable.has(fn) && callSites.length < MAX_SITES) {
        callSites.push({ file: file.path, line: c.line, call: c.object ? `${c.object}.${c.name}` : `${c.name} (${input.package}${fn === 'default' ? '' : `.${fn}`})` });
      }
    }
  }
  const where = importedAt.slice(0, 3).map((i) => `${i.file}:${i.line}`).join(', ') + (importedAt.length > 3 ? ` and ${importedAt.length - 3} more` : '');
  if (callSites.length > 0) {
    return { reachability: 'reachable', reason: `${callSites[0]!.call} is called at ${callSites[0]!.file}:${callSites[0]!.line}; the advisory names ${[...vulnerable].join(', ')}`, callSites, importedAt };
  }
  if (input.files.length === 0) return { reachability: 'unknown', reason: 'no source file was indexed, so imports could not be checked', callSites, importedAt };
  const gaps = input.unindexed.length > 0 ? `; ${input.unindexed.length} file(s) could not be indexed (${input.unindexed[0]!.file}: ${input.unindexed[0]!.reason})` : '';
  if (importedAt.length === 0) {
    if (gaps) return { reachability: 'unknown', reason: `no indexed file imports ${input.package}${gaps}`, callSites, importedAt };
    return { reachability: 'not-imported', reason: `none of the ${input.files.length} indexed source files imports ${input.package}`, callSites, importedAt };
  }
  if (vulnerable.size === 0) return { reachability: 'unknown', reason: `imported at ${where}; the advisory does not name the vulnerable functions`, callSites, importedAt };
  if (imprecise > 0) return { reachability: 'unknown', reason: `imported at ${where}; ${imprecise} importing file(s) were indexed without a parser, so calls are not known`, callSites, importedAt };
  return { reachability: 'imported', reason: `imported at ${where}; no call to ${[...vulnerable].join(', ')} was seen${gaps}`, callSites, importedAt };
}
