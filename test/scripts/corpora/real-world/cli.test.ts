import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRealWorld } from '../../../../scripts/corpora/real-world/cli.ts';
import { runFetch } from '../../../../scripts/corpora/real-world/fetch-cli.ts';
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

test('--corpus: secbench and mature-held-out flags are refused where they do not apply, before any fetch', async () => {
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--part', 'held-out', '--show-misses'], io().io), /development part only/);
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--fold', 'check', '--show-misses'], io().io), /the check fold print counts only/);
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--gate'], io().io), /--gate is for --corpus real-world only/);
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--jobs', '3'], io().io), /at most 2/);
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--part', 'all'], io().io), /--part must be one of dev, held-out, both/);
  await assert.rejects(runRealWorld(['--corpus', 'secbench', '--class', 'xss'], io().io), /--class must be one of/);
  await assert.rejects(runRealWorld(['--part', 'dev'], io().io), /--part is for --corpus secbench only/);
  await assert.rejects(runRealWorld(['--corpus', 'mature-held-out', '--sample', '2'], io().io), /--sample is for --corpus secbench only/);
  await assert.rejects(runRealWorld(['--jobs', '2'], io().io), /takes --parallel/);
  await assert.rejects(runRealWorld(['--corpus', 'nope'], io().io), /--corpus must be one of/);
});

test('--help names the corpora and the secbench flags', async () => {
  const { out, io: sink } = io();
  assert.equal(await runRealWorld(['--help'], sink), 0);
  assert.match(out.join(''), /--corpus <name>[\s\S]*secbench[\s\S]*mature-held-out[\s\S]*--part <p>[\s\S]*--sample <n>[\s\S]*--show-misses/);
});

test('fetch:real-world --help names the corpora; --only and --show stay with the real-world corpus', async () => {
  const { out, io: sink } = io();
  assert.equal(await runFetch(['--help'], sink), 0);
  assert.match(out.join(''), /--corpus secbench[\s\S]*--corpus mature-held-out/);
  await assert.rejects(runFetch(['--corpus', 'secbench', '--only', 'x'], io().io), /real-world corpus/);
  await assert.rejects(runFetch(['--corpus', 'other'], io().io), /--corpus must be one of/);
});
