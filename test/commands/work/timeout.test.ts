// The per-issue time limit: an agent CLI fixer that hangs (with a helper process of its own) is stopped at the
// limit — its whole process group killed — and the issue is recorded as a systemic timeout that the halt rule
// counts, left in the queue (not the issue's fault). Real CLI, real command backend, real bwrap, GitHub stand-in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { processAlive, scriptedAgent } from './scripted-agent.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

const HANGS = `
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const helper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
writeFileSync(OUT('helper.pid'), String(helper.pid));
setInterval(() => {}, 1000);
`;

test('--timeout: a hanging agent fixer and its helper process are killed at the limit; the issue is a systemic timeout, still queued', async (t) => {
  const agent = scriptedAgent(t, HANGS);
  const w = await queueWorld(t, [], { fixerCommand: agent.argv });
  const issue = w.queueIssue();
  const result = await w.work('--timeout', '25s');
  assert.equal(result.code, 0, result.stderr);
  const report = readArtifact(w.outDir, 'work-report');
  const entry = report.issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['failed', 'timeout'], entry.reason);
  assert.match(entry.reason, /ran past its 25-second time limit after 2 attempt\(s\); its processes were stopped/);
  assert.deepEqual(entry.attempts.map((a) => a.outcome), ['systemic', 'time-limit'], 'the hung attempt, then no new one');
  const pid = Number(agent.read('helper.pid'));
  assert.ok(pid > 0, 'the agent ran and started its helper');
  // SIGKILL lands asynchronously: polled for up to 5 s (the helper would live 600 s).
  for (let waited = 0; processAlive(pid) && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  assert.equal(processAlive(pid), false, "the agent's helper process was killed with its group");
  assert.deepEqual([report.halt.streak, report.halt.causes[0]?.startsWith('timeout: ')], [1, true], 'the halt rule counts it');
  assert.ok(issue.labels.includes('auto-ready') && !issue.labels.includes('auto-failed'), 'a timeout is systemic: the issue stays queued');
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
});
