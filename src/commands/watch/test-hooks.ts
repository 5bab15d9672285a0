// TEST-ONLY: BUG_HUNTER_WATCH_TEST_PAUSE=<point>@<commit prefix> makes the watcher print a marker on stderr and
// block for a minute at that point of that commit's cycle, so a test can kill -9 it there. Points: before-record
// (investigation done, nothing written to watch.db yet) and before-outbox (transaction committed, events.jsonl and
// ledger.json not yet written). Unset in normal use; it changes nothing else.
import { pauseSync } from '../../engines/run/pause.ts';

const PAUSE_MS = 60_000;

export function testPause(point: 'before-record' | 'before-outbox', commit: string): void {
  const wanted = process.env.BUG_HUNTER_WATCH_TEST_PAUSE;
  if (!wanted) return;
  const [where, prefix] = wanted.split('@');
  if (where !== point || !prefix || !commit.startsWith(prefix)) return;
  process.stderr.write(`watch-test-pause ${point} ${commit}\n`);
  pauseSync(PAUSE_MS);
}
