// The cross-file pass: request input a module passes to another module's exported function becomes an incoming
// argument of that module, followed from module to module in rounds ("hops"), bounded by hop and caller counts,
// never by time, so a loaded machine gets the same answer. Pure: files and a resolver in, incoming arguments out.
import type { IncomingArg, SourceFile } from '../types.ts';
import { outgoingCalls, type OutgoingCall } from './calls.ts';

/** Module boundaries one value is followed across (route → service → helper → sink is three). */
export const MAX_HOPS = 3;
// Callers kept per parameter of an exported function: one tainted caller makes the finding; more only lengthen it.
const MAX_CALLERS = 3;

export interface CrossFileResult {
  /** Repository path → the tainted arguments other modules pass to its exported functions, in a stable order. */
  incoming: Map<string, IncomingArg[]>;
  /** What a bound stopped (empty when the pass ran to its end). */
  cuts: string[];
}

type Resolve = (from: string, specifier: string) => string | undefined;

function order(a: IncomingArg, b: IncomingArg): number {
  return a.export.localeCompare(b.export) || a.param - b.param || a.from.localeCompare(b.from) || a.line - b.line || a.via.localeCompare(b.via);
}

function sameArg(a: IncomingArg, b: IncomingArg): boolean {
  return order(a, b) === 0;
}

/** Adds one argument under the caller bound; true when the target's incoming set changed. */
function add(into: Map<string, IncomingArg[]>, target: string, arg: IncomingArg): boolean {
  const list = into.get(target) ?? [];
  if (list.some((a) => sameArg(a, arg))) return false;
  if (list.filter((a) => a.export === arg.export && a.param === arg.param).length >= MAX_CALLERS) return false;
  list.push(arg);
  list.sort(order);
  into.set(target, list);
  return true;
}

/**
 * Follows tainted arguments across modules. Each hop analyses the files whose incoming arguments changed in the
 * hop before, with the incoming set they had at the hop's start, in path order: the result is independent of
 * scheduling. `calls` is the per-file step (outgoingCalls), injectable so a cache can answer it.
 */
export function propagate(files: readonly SourceFile[], resolve: Resolve, calls: (file: SourceFile) => OutgoingCall[] = outgoingCalls): CrossFileResult {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const incoming = new Map<string, IncomingArg[]>();
  let pending = [...byPath.keys()].sort();
  for (let hop = 0; hop < MAX_HOPS && pending.length > 0; hop += 1) {
    const snapshot = new Map([...incoming].map(([path, list]) => [path, [...list]]));
    const changed = new Set<string>();
    for (const path of pending) {
      const file = byPath.get(path) as SourceFile;
      const passedIn = snapshot.get(path);
      for (const call of calls(passedIn ? { ...file, incoming: passedIn } : file)) {
        const target = resolve(path, call.specifier);
        if (target === undefined || target === path || !byPath.has(target)) continue;
        if (add(incoming, target, { export: call.export, param: call.param, via: call.via, from: path, line: call.line })) changed.add(target);
      }
    }
    pending = [...changed].sort();
  }
  const cuts = pending.length > 0
    ? [`cross-file taint stopped after ${MAX_HOPS} module hops; not followed further from ${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ` and ${pending.length - 5} more` : ''}`]
    : [];
  return { incoming, cuts };
}
