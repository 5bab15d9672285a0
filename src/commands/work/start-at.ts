// --at HH:MM: the queue starts at the next time the local clock reads HH:MM (today, or tomorrow when that has
// passed), so `bug-hunter work --at 02:00` started in the evening runs overnight. Pure, and an abortable wait.
import { UsageError } from '../../foundations/errors.ts';

export function parseStartAt(value: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) throw new UsageError(`--at takes a local time HH:MM on a 24-hour clock, for example --at 02:30 (got '${value}').`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** Milliseconds from `now` until the next HH:MM on the local clock (0 when it is that minute now). */
export function delayUntil(at: { hour: number; minute: number }, now: Date): number {
  const next = new Date(now);
  next.setHours(at.hour, at.minute, 0, 0);
  if (next.getTime() + 60_000 <= now.getTime()) next.setDate(next.getDate() + 1);
  return Math.max(0, next.getTime() - now.getTime());
}

/** Resolves after ms, or at once when the signal aborts (Ctrl-C ends the wait, not the process abruptly). */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
