// Pure ETA for a phase's progress line: linear in the items done, shown once the phase has run long enough
// for the rate to mean something. No clock here; the logger passes the elapsed time.

/** A phase must have run this long before its rate is trusted for an ETA. */
export const ETA_AFTER_MS = 3000;

/** Milliseconds left at the rate so far, or null while too early, before the first item, or when done. */
export function etaOf(elapsedMs: number, done: number, total: number, afterMs = ETA_AFTER_MS): number | null {
  if (elapsedMs < afterMs || done <= 0 || done >= total) return null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** "8 s", "2 min 5 s", "1 h 3 min". */
export function formatDuration(ms: number): string {
  // Under a second in tenths: a fast scan's estimate read "0 s", as if nothing had been timed.
  if (ms > 0 && ms < 950) return ms < 50 ? 'under 0.1 s' : `${(ms / 1000).toFixed(1)} s`;
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
