import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo, tempDir } from '../helpers/temp.ts';

test('--help lists every command and the exit codes', async () => {
  const r = await runCli(['--help']);
  assert.equal(r.code, 0);
  for (const word of ['scan', 'phase', 'doctor', 'Exit codes']) assert.ok(r.stdout.includes(word), word);
});

test('each command has its own --help', async () => {
  for (const command of ['scan', 'phase', 'doctor']) {
    const r = await runCli([command, '--help']);
    assert.equal(r.code, 0, command);
    assert.match(r.stdout, new RegExp(`Usage: bug-hunter ${command}`));
  }
});

test('an unknown flag is a usage error (exit 2) that names the flag', async () => {
  const r = await runCli(['scan', '--no-such-flag']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--no-such-flag/);
});

test('an unknown command is a usage error', async () => {
  const r = await runCli(['frobnicate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Unknown command 'frobnicate'/);
});

test('a missing target is a usage error naming the path', async (t) => {
  const dir = tempDir(t);
  const r = await runCli(['scan', join(dir, 'nope')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /nope does not exist/);
});

test('a target that is a file, not a folder, is a usage error', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'a.js'), 'x');
  const r = await runCli(['scan', join(dir, 'a.js')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /is not a folder/);
});

test('bad flag values are usage errors that list the allowed values', async (t) => {
  const dir = tempDir(t);
  const profile = await runCli(['scan', dir, '--profile', 'turbo']);
  assert.equal(profile.code, 2);
  assert.match(profile.stderr, /--profile must be one of auto, fast, balanced, assurance/);
  const concurrency = await runCli(['scan', dir, '--concurrency', '0']);
  assert.equal(concurrency.code, 2);
  assert.match(concurrency.stderr, /--concurrency takes a whole number/);
});

test('phase needs a known phase name', async (t) => {
  const dir = tempDir(t);
  const none = await runCli(['phase']);
  assert.equal(none.code, 2);
  const unknown = await runCli(['phase', 'nope', dir]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /Unknown phase 'nope'/);
});

test('a phase other than triage with no run in the folder says to run triage first', async (t) => {
  const dir = tempDir(t);
  const r = await runCli(['phase', 'hunter', dir]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /phase triage/);
});

test('doctor reports node, git, the sandbox and the artifact folder as JSON', async (t) => {
  const dir = tempDir(t);
  const r = await runCli(['doctor', dir, '--json']);
  const out = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; status: string }[] };
  assert.equal(r.code, out.ok ? 0 : 2);
  const names = out.checks.map((c) => c.name);
  for (const name of ['node', 'pnpm', 'git', 'sandbox', 'models', 'artifact folder']) assert.ok(names.includes(name), name);
  assert.equal(out.checks.find((c) => c.name === 'node')?.status, 'ok');
});

test('doctor fails (exit 2) when a configured provider has no key, and names the variable, not a value', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, '.bug-hunter'));
  writeFileSync(
    join(dir, '.bug-hunter', 'config.json'),
    JSON.stringify({ providers: { a: { type: 'anthropic', apiKeyEnv: 'BH_TEST_UNSET_KEY' } }, roles: { default: { provider: 'a', model: 'm' } } }),
  );
  const r = await runCli(['doctor', dir, '--json', '--trust-repo-config']);
  assert.equal(r.code, 2);
  const out = JSON.parse(r.stdout) as { checks: { name: string; status: string; detail: string }[] };
  const provider = out.checks.find((c) => c.name === 'provider a');
  assert.equal(provider?.status, 'fail');
  assert.match(provider?.detail ?? '', /BH_TEST_UNSET_KEY/);
});

test('a flag given without its value says so plainly (exit 2), never node\'s "argument is ambiguous"', async (t) => {
  const dir = tempDir(t);
  const last = await runCli(['scan', dir, '--out']);
  assert.equal(last.code, 2);
  assert.match(last.stderr, /--out needs a value \(nothing followed it\)\. Run 'bug-hunter scan --help'/);
  const before = await runCli(['scan', dir, '--chunk-tokens', '--loop']);
  assert.equal(before.code, 2);
  assert.match(before.stderr, /--chunk-tokens needs a value \('--loop' after it is another flag/);
  assert.doesNotMatch(before.stderr, /ambiguous/);
});

test('extra positional arguments are a usage error (exit 2), not silently ignored', async (t) => {
  const dir = tempDir(t);
  const scan = await runCli(['scan', dir, 'other']);
  assert.equal(scan.code, 2);
  assert.match(scan.stderr, /scan takes at most one target; unexpected extra argument\(s\): other/);
  const doctor = await runCli(['doctor', dir, 'other']);
  assert.equal(doctor.code, 2);
  const phase = await runCli(['phase', 'triage', dir, 'other']);
  assert.equal(phase.code, 2);
  assert.match(phase.stderr, /phase takes a phase name and at most one target/);
});

test('doctor leaves no empty .bug-hunter/ behind', async (t) => {
  const dir = tempDir(t);
  const r = await runCli(['doctor'], dir);
  assert.match(r.stdout, /artifact folder .*\.bug-hunter can be created/);
  assert.equal(existsSync(join(dir, '.bug-hunter')), false);
});

test('report show <id> without a target reads the current folder, like every other command', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  const scan = await runCli(['scan', '--quiet'], repo);
  assert.equal(scan.code, 1, scan.stdout);
  const id = /\] src\/handler0\.js:\d+ (BH-\w+)/.exec(scan.stdout)?.[1];
  assert.ok(id, scan.stdout);
  const shown = await runCli(['report', 'show', id], repo);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, new RegExp(`^${id}  T2`));
});
