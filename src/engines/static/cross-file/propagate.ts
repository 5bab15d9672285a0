// The cross-file pass: request input a module passes to another module's exported function becomes an incoming
// argument of that module, followed from module to module in rounds ("hops"), bounded by hop and caller counts,
// never by time, so a loaded machine gets the same answer. Pure: files and a resolver in, incoming arguments out.
import type { IncomingArg, SourceFile } from '../types.ts';
import { carriesInput, outgoingCalls, type CallsBatch, type CallsRequest, type CallsStep, type OutgoingCall } from './calls.ts';
import { importsOf, reachingSinks, type Origin } from './reach.ts';
import { compareText } from '../../../foundations/text/compare.ts';

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
  return compareText(a.export, b.export) || a.param - b.param || compareText(a.from, b.from) || a.line - b.line || compareText(a.via, b.via);
}

function copy(map: Map<string, IncomingArg[]>): Map<string, IncomingArg[]> {
  return new Map([...map].map(([path, list]) => [path, [...list]]));
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
export function propagate(files: readonly SourceFile[], resolve: Resolve, calls: CallsStep = outgoingCalls): CrossFileResult {
  const run = propagation(files, resolve);
  for (let next = run.next(); ; ) {
    if (next.done) return next.value;
    next = run.next(next.value.map((r) => calls(r.file, r.wanted)));
  }
}

/** propagate() with each hop's per-file steps handed over together (to a worker pool): the same answer. */
export async function propagateBatched(files: readonly SourceFile[], resolve: Resolve, batch: CallsBatch): Promise<CrossFileResult> {
  const run = propagation(files, resolve);
  for (let next = run.next(); ; ) {
    if (next.done) return next.value;
    next = run.next(await batch(next.value));
  }
}

// The pass itself: yields each hop's requests and is resumed with their answers, in the same order.
function* propagation(files: readonly SourceFile[], resolve: Resolve): Generator<CallsRequest[], CrossFileResult, OutgoingCall[][]> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const incoming = new Map<string, IncomingArg[]>();
  // Only calls into modules that hold a sink, or lead to one within the bound (and one more, to see a cut), can matter.
  // A library's parameters matter only where a library rule's sink is; request input wherever any taint sink is.
  const imports = importsOf(files, resolve);
  const reach: Record<Origin, Set<string>> = { input: reachingSinks(files, imports, MAX_HOPS, 'input'), library: reachingSinks(files, imports, MAX_HOPS, 'library') };
  const originOf = (file: SourceFile): Origin | null => (carriesInput(file) ? 'input' : file.publicApi !== undefined || (file.incoming?.length ?? 0) > 0 ? 'library' : null);
  const callsInto = (path: string) => {
    const file = byPath.get(path) as SourceFile;
    const origin = originOf({ ...file, incoming: incoming.get(path) ?? [] });
    return origin !== null && (imports.get(path) ?? []).some((t) => reach[origin].has(t));
  };
  let pending = [...byPath.keys()].sort().filter(callsInto);
  // One hop: the pending files' calls, each file with the incoming set it had when the hop began. Returns the
  // files whose incoming set grew and the files that passed something new.
  const step = function* (paths: readonly string[], into: Map<string, IncomingArg[]>): Generator<CallsRequest[], { changed: Set<string>; passers: Set<string> }, OutgoingCall[][]> {
    const snapshot = copy(incoming);
    const changed = new Set<string>();
    const passers = new Set<string>();
    const requests = paths.map((path): CallsRequest => {
      const file = byPath.get(path) as SourceFile;
      const passedIn = snapshot.get(path);
      const wanted = (specifier: string) => {
        const target = resolve(path, specifier);
        return target !== undefined && (reach.input.has(target) || reach.library.has(target));
      };
      return { file: passedIn ? { ...file, incoming: passedIn } : file, wanted };
    });
    const answers = yield requests;
    for (const [i, path] of paths.entries()) {
      for (const call of answers[i] ?? []) {
        const target = resolve(path, call.specifier);
        if (target === undefined || target === path || !reach[call.api ? 'library' : 'input'].has(target)) continue;
        const { specifier: _specifier, ...arg } = call;
        if (!add(into, target, { ...arg, from: path })) continue;
        changed.add(target);
        passers.add(path);
      }
    }
    return { changed, passers };
  };
  for (let hop = 0; hop < MAX_HOPS && pending.length > 0; hop += 1) pending = [...(yield* step(pending, incoming)).changed].filter(callsInto).sort();
  // Past the bound, only files that would still pass something new on were cut short (a sink's own module is not).
  const cutFrom = pending.length > 0 ? [...(yield* step(pending, copy(incoming))).passers].sort() : [];
  const cuts = cutFrom.length > 0
    ? [`cross-file taint stopped after ${MAX_HOPS} module hops; not followed further from ${cutFrom.slice(0, 5).join(', ')}${cutFrom.length > 5 ? ` and ${cutFrom.length - 5} more` : ''}`]
    : [];
  return { incoming, cuts };
}
