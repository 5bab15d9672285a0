import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRealWorld } from '../../../../scripts/corpora/real-world/cli.ts';
import { UsageError } from '../../../../src/foundations/errors.ts';

function io() {
  const out: string[] = [];
  return { out, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), cwd: process.cwd(), signal: new AbortController().signal } };
}

test('the gate needs the whole corpus, --parallel is at most 2, and --rescore cannot compare two runs: usage errors before any fetch', async () => {
  await assert.rejects(runRealWorld(['--gate', '--only', 'growl-exec'], io().io), (e) => e instanceof UsageError && /whole corpus/.test(e.message));
  await assert.rejects(runRealWorld(['--write-gate', '--mature-only'], io().io), UsageError);
  await assert.rejects(runRealWorld(['--parallel', '3'], io().io), /at most 2/);
  await assert.rejects(runRealWorld(['--rescore', '--twice'], io().io), /cannot compare two/);
  await assert.rejects(runRealWorld(['--class', 'sqli'], io().io), /--class must be one of/);
});

test('--help prints the flags', async () => {
  const { out, io: sink } = io();
  assert.equal(await runRealWorld(['--help'], sink), 0);
  assert.match(out.join(''), /--rescore[\s\S]*--write-gate/);
});
