// Checks a case's pin against the fetched source and locates its sink in both versions: the snippet must be
// on the sink line and the enclosing function must carry the recorded name, or the case is refused.
// Pure given a reader: (version, path) → file text or undefined.
import type { RealWorldCase, Sink } from './corpus.ts';
import { enclosingFunctionAt, functionNamed } from './locate.ts';
import type { LocatedSink } from './match.ts';

/** The function name of a sink outside any function (a module-level regex, say): matched by line only. */
export const MODULE_LEVEL = '<module>';

export type SourceReader = (version: 'vulnerable' | 'fixed', path: string) => string | undefined;

export interface CaseSinks {
  /** The sink and each `alsoAt` copy, located in the vulnerable version. */
  vulnerable: LocatedSink[];
  /** The same places in the fixed version. */
  fixed: LocatedSink[];
  /** Why the pin does not hold; empty when it does. */
  errors: string[];
}

function locateVulnerable(c: RealWorldCase, sink: Sink, read: SourceReader, errors: string[]): { located: LocatedSink; occurrence: number } {
  const { file, line, snippet } = sink;
  const located: LocatedSink = { file, line };
  const text = read('vulnerable', file);
  if (text === undefined) {
    errors.push(`${c.id}: ${file} is not in ${c.package}@${c.vulnerable}`);
    return { located, occurrence: 0 };
  }
  const at = text.split('\n')[line - 1];
  if (at === undefined) errors.push(`${c.id}: ${file} has fewer than ${line} lines`);
  else if (!at.includes(snippet)) errors.push(`${c.id}: ${file}:${line} does not contain '${snippet}' (it reads '${at.trim().slice(0, 120)}')`);
  const fn = enclosingFunctionAt(file, text, line, snippet);
  const name = fn?.name ?? MODULE_LEVEL;
  if (name !== sink.function) errors.push(`${c.id}: the function around ${file}:${line} is '${name}', not '${sink.function}'`);
  else if (fn) Object.assign(located, { functionStart: fn.startLine, functionEnd: fn.endLine });
  return { located, occurrence: fn?.occurrence ?? 0 };
}

// No such function in the fixed version: any finding of the class in that file counts as still flagged.
// Several functions may share a name (`forEach() callback`): the one at the same rank as in the vulnerable file.
function locateFixed(file: string, name: string, occurrence: number, read: SourceReader): LocatedSink {
  const text = read('fixed', file);
  const fn = text === undefined ? undefined : functionNamed(file, text, name, occurrence);
  return fn ? { file, functionStart: fn.startLine, functionEnd: fn.endLine } : { file };
}

export function locateCaseSinks(c: RealWorldCase, read: SourceReader): CaseSinks {
  const errors: string[] = [];
  const all = [c.sink, ...(c.alsoAt ?? [])];
  const found = all.map((sink) => locateVulnerable(c, sink, read, errors));
  const fixed = all.map((sink, i) =>
    i === 0 && c.fixedSink
      ? locateFixed(c.fixedSink.file, c.fixedSink.function, 0, read)
      : locateFixed(sink.file, sink.function, found[i]!.occurrence, read),
  );
  return { vulnerable: found.map((f) => f.located), fixed, errors };
}
