// Letting the event loop turn during long synchronous work on the main thread: a signal's handler, a timer and the
// answers of threads and child processes run only then (an `await` of a settled promise does not let them).
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A checkpoint to call between steps: lets the loop turn once `everyMs` of work has passed since the last turn,
 * then throws the signal's reason if the run was aborted meanwhile. */
export function loopTurns(signal: AbortSignal, everyMs = 50): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last >= everyMs) {
      await turn();
      last = Date.now();
    }
    if (signal.aborted) throw signal.reason ?? new Error('interrupted');
  };
}
