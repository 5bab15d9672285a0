// SIGTERM and SIGINT on the real CLI mid-run: it stops promptly with the documented exit code (3: the run is
// incomplete), state.json parses and fits its schema, and no process it started is left, running or defunct.
// A second signal ends it at once. (The bound here is generous for a loaded machine; the time taken is printed.)
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { tempDir, writeFiles } from '../helpers/temp.ts';
import { descendantsNow, endsWithin, startCli, stillThere, waitFor } from '../helpers/cli-process.ts';

/** Generous: the documented promise is 5 s; a loaded CI machine gets four times that before the test fails. */
const BOUND_MS = 20_000;

/** Enough files, each with a ReDoS-prone pattern on request input, that the hunter is still at work (with the recheck
 * agent running) when the signal lands. */
function slowTree(t: TestContext): string {
  const target = tempDir(t, 'bh-signals-');
  const files: Record<string, string> = { 'package.json': '{"name":"f","version":"1.0.0"}' };
  for (let i = 0; i < 800; i += 1) {
    files[`src/h${i}.js`] = [
      "const cp = require('child_process');",
      `module.exports = function h${i}(req, res) {`,
      '  if (!/^(a+)+$/.test(req.query.id)) return res.end();',
      "  cp.exec('convert ' + req.query.name, () => res.end());",
      '};',
      '',
    ].join('\n');
  }
  writeFiles(target, files);
  return target;
}

/** Starts a scan, waits until it runs the recheck agent (mid-hunt), sends `signals`, and checks how it ended. */
async function interruptScan(t: TestContext, signals: NodeJS.Signals[]): Promise<void> {
  const target = slowTree(t);
  const cli = startCli(['scan', target, '--quiet']);
  const pid = cli.child.pid!;
  let before = new Map<string, string>();
  const hunting = await waitFor(() => {
    before = descendantsNow(pid);
    return [...before.values()].some((what) => what.startsWith('recheck'));
  }, 120_000);
  assert.ok(hunting, `the scan never started the recheck agent: ${cli.stderr()}`);
  const sentAt = Date.now();
  for (const [i, signal] of signals.entries()) {
    // The next one once the first was seen (two sent at once may reach the process as one).
    if (i > 0) assert.ok(await waitFor(() => /saving state/.test(cli.stderr()), BOUND_MS), cli.stderr());
    cli.child.kill(signal);
  }
  const ended = await endsWithin(cli, BOUND_MS);
  const left = stillThere(before);
  const ms = ended.endedAt - sentAt;
  t.diagnostic(`${signals.join(' + ')}: exit ${ended.code} ${ms} ms after the signal; children before it: ${[...before.values()].join(', ')}`);
  assert.ok(ended.inTime, `still running ${BOUND_MS} ms after ${signals.join(' + ')}: ${ended.stderr}`);
  assert.equal(ended.signal, null, 'it exits, it is not killed by the signal');
  assert.equal(ended.code, 3, ended.stderr);
  assert.deepEqual(left, [], 'every process the scan started is gone and reaped');
  // Parsed and checked against its schema; a second signal may land before the run records the interruption.
  const state = readArtifact(join(target, '.bug-hunter'), 'state');
  assert.notEqual(state.status, 'completed');
  if (signals.length === 1) assert.equal(state.status, 'interrupted', ended.stderr);
}

test('SIGTERM mid-scan: exit 3, state saved as interrupted, no child left', async (t) => {
  await interruptScan(t, ['SIGTERM']);
});

test('SIGINT twice mid-scan: exit 3 at once, state.json valid, no child left', async (t) => {
  await interruptScan(t, ['SIGINT', 'SIGINT']);
});
