// Checks a SecBench.js case's pin against the fetched source and locates its sink, pure given a reader. The
// pin holds when the sink file is in the vulnerable version and has the sink line (the dataset records no
// snippet); a case whose pin does not hold is counted and left out, never re-pinned. The sink's function is
// located with locate.ts in the vulnerable source and looked up by name (and rank) in the fixed version; a
// module-level sink, or a function the fix removed, leaves the whole sink file as the fixed version's place.
// Errors name no package or file: they are counted in held-out runs. The dataset records some sinks by bare
// file name (`cookie.js` for `lib/cookie.js`): such a name stands for the one file of that name in the package;
// none, or several, and the pin does not hold.
import { enclosingFunctionAt, functionNamed, type FunctionSpan } from '../real-world/locate.ts';
import type { LocatedSink } from '../real-world/match.ts';
import type { SecbenchCase } from './corpus.ts';

export type SecbenchReader = (version: string, path: string) => string | undefined;
/** Every file of a fetched version, relative to its root, outside node_modules. */
export type SecbenchLister = (version: string) => readonly string[];

export const PIN_FAILURES = ['sink file missing', 'sink file name names several files', 'sink line past the end of the file'] as const;
export type PinFailure = (typeof PIN_FAILURES)[number];

export type SecbenchPin =
  | { ok: true; vulnerable: LocatedSink; fixed?: LocatedSink; functionName?: string }
  | { ok: false; why: PinFailure };

// The parser is tolerant, but a file it cannot take is a module-level sink rather than a crashed run.
function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

type Resolved = { file: string } | { why: PinFailure };

/** The sink file as recorded, or, for a bare file name the version does not hold at its root, its one namesake. */
export function resolveSinkFile(file: string, version: string, read: SecbenchReader, list?: SecbenchLister): Resolved {
  if (read(version, file) !== undefined) return { file };
  if (list === undefined || file.includes('/')) return { why: 'sink file missing' };
  const namesakes = list(version).filter((p) => p.endsWith(`/${file}`));
  if (namesakes.length === 0) return { why: 'sink file missing' };
  return namesakes.length === 1 ? { file: namesakes[0]! } : { why: 'sink file name names several files' };
}

export function pinSecbenchCase(c: SecbenchCase, read: SecbenchReader, list?: SecbenchLister): SecbenchPin {
  const { line } = c.sink;
  const resolved = resolveSinkFile(c.sink.file, c.version, read, list);
  if ('why' in resolved) return { ok: false, why: resolved.why };
  const { file } = resolved;
  const text = read(c.version, file);
  if (text === undefined) return { ok: false, why: 'sink file missing' };
  if (text.split('\n').length < line) return { ok: false, why: 'sink line past the end of the file' };
  const fn: FunctionSpan | undefined = safely(() => enclosingFunctionAt(file, text, line));
  const vulnerable: LocatedSink = { file, line, ...(fn ? { functionStart: fn.startLine, functionEnd: fn.endLine } : {}) };
  if (c.fixedVersion === null) return { ok: true, vulnerable, ...(fn ? { functionName: fn.name } : {}) };
  const fixedText = read(c.fixedVersion, file);
  const inFixed = fn && fixedText !== undefined ? safely(() => functionNamed(file, fixedText, fn.name, fn.occurrence)) : undefined;
  const fixed: LocatedSink = inFixed ? { file, functionStart: inFixed.startLine, functionEnd: inFixed.endLine } : { file };
  return { ok: true, vulnerable, fixed, ...(fn ? { functionName: fn.name } : {}) };
}
