// A suite that cannot load is not a failing fix (issue 45, item 2), through `bug-hunter work` (the world of
// queue-setup.ts): a test file imports a package that is not installed in the sandbox, so the suite cannot run on
// the base. The issue is a setup failure naming the package — never broke-suite, never the issue's fault — and what
// each suite run printed (bounded, redacted) is kept in work-report.json and summarised in work-report.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';

test("a suite that cannot load (Cannot find package 'amdefine') makes the issue a setup failure naming it, with the suite's output kept", async (t) => {
  const w = await queueWorld(t, [GOOD], { files: { 'test/dep.test.js': "import 'amdefine';\n" } });
  const issue = w.queueIssue();
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['failed', 'setup'], entry.reason);
  assert.ok(entry.attempts.every((a) => a.outcome !== 'broke-suite'), JSON.stringify(entry.attempts));
  assert.match(entry.reason, /UNAVAILABLE.*amdefine/);
  const runs = entry.suiteRuns ?? [];
  assert.ok(runs.length >= 1, 'the suite runs are kept');
  assert.equal(runs[0]!.when, 'base');
  assert.match(runs[0]!.output, /Cannot find package 'amdefine'/);
  assert.ok(runs.every((run) => run.output.length <= 4_000));
  const markdown = readFileSync(join(w.outDir, 'work-report.md'), 'utf8');
  assert.match(markdown, /## Suite runs\n\n- #\d+ base: .*UNAVAILABLE.*amdefine/);
  // Not the issue's fault: it stays queued for a run where the suite can load.
  assert.ok(issue.labels.includes('auto-ready') && !issue.labels.includes('auto-failed'), issue.labels.join(', '));
});
