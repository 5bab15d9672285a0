// Blocks the thread for `ms` without spinning: for the few synchronous waits (lock retries, a cache owner's wait) that cannot
// yield to the event loop.
export function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
