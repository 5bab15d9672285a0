// An issue whose work throws (here its reproduction cannot record its result: the artifact folder's `incidents`
// is a file, so the write fails) is a systemic failure of that issue alone: the queue goes on with the next issue,
// the report keeps the crashed one with its reason, and three in a row halt the queue. The queue's world (git with
// a bare origin, the GitHub stand-in, bubblewrap, the fake model server behind the real OpenAI SDK).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';

const REPORTED = { title: 'clamp is wrong above the range', body: '`clamp(11, 0, 10)` returns 0; it should be 10.', labels: ['nightshift', 'auto-ready'] };

test('a crash in one issue fails only that issue (the next is still worked); three crashes in a row halt the queue', async (t) => {
  const w = await queueWorld(t, [GOOD]);
  const config = JSON.parse(readFileSync(w.configPath, 'utf8')) as { roles: Record<string, unknown> };
  config.roles.tester = { provider: 'scripted', model: 'scripted-tester' };
  writeFileSync(w.configPath, JSON.stringify(config));
  writeFileSync(join(w.outDir, 'incidents'), 'not a folder');
  const [a, b, c, d, e, f] = [w.github.addIssue(REPORTED), w.queueIssue(), w.github.addIssue(REPORTED), w.github.addIssue(REPORTED), w.github.addIssue(REPORTED), w.queueIssue({ title: 'clamp bug again' })].map((i) => i.number);
  const result = await w.work(...[a, b, c, d, e, f].flatMap((n) => ['--issue', String(n)]));
  assert.equal(result.code, 3, result.stderr + result.stdout);
  const report = readArtifact(w.outDir, 'work-report');
  assert.equal(report.status, 'halted', report.error);
  assert.deepEqual(report.issues.map((i) => [i.issue, i.outcome, i.failure ?? '']), [
    [a, 'failed', 'crash'],
    [b, 'pr-opened', ''],
    [c, 'failed', 'crash'],
    [d, 'failed', 'crash'],
    [e, 'failed', 'crash'],
    [f, 'halted', ''],
  ]);
  assert.match(report.issues[0]!.reason, /^the issue's work crashed: .*ENOTDIR/);
  assert.equal(report.halt.streak, 3);
  assert.equal(w.github.pulls.length, 1);
});
