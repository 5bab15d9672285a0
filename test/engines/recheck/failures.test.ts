import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../helpers/temp.ts';

// The compiled modules, run in a process of their own: a failure here must end that process, not hang it.
const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** A stand-in for recheck's agent: a shell script answering every line it reads with `reply`. */
function fakeAgent(dir: string, reply: string): string {
  const path = join(dir, 'fake-recheck');
  writeFileSync(path, `#!/bin/sh\nwhile read line; do echo '${reply}'; done\n`);
  chmodSync(path, 0o755);
  return path;
}

function runNode(code: string, env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
}

test('an agent that writes what is not an answer fails the question and is stopped, and the process ends', (t) => {
  const dir = tempDir(t);
  const run = runNode(
    `import { startAgent } from ${JSON.stringify(join(DIST, 'engines/recheck/agent.js'))};
     await startAgent(${JSON.stringify(fakeAgent(dir, 'not json'))}).check('^(a+)+$', '', {}).then(() => console.log('ANSWERED'), (e) => console.log('REJECTED', e.message));`,
    {},
  );
  assert.equal(run.signal, null, `the process had to be killed: ${run.stderr}`);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^REJECTED recheck agent wrote a line that is not a JSON-RPC message: not json$/m);
});

test('a helper thread that dies while a lone hunting thread waits ends the wait with an error, never a hang or "not vulnerable"', (t) => {
  const dir = tempDir(t);
  // recheck's own client, the fallback, reads RECHECK_BIN too and throws on this line: the helper thread dies.
  const run = runNode(
    `import { checkRegexSync } from ${JSON.stringify(join(DIST, 'engines/recheck/sync.js'))};
     try { console.log('ANSWERED', JSON.stringify(checkRegexSync('^(a+)+$', ''))); } catch (e) { console.log('THREW', e.constructor.name, e.message); }`,
    { RECHECK_BIN: fakeAgent(dir, 'null') },
  );
  assert.equal(run.signal, null, `the process had to be killed: ${run.stdout} ${run.stderr}`);
  assert.match(run.stdout, /^THREW HelperGone no recheck verdict came back for \/\^\(a\+\)\+\$\/ \(the answering thread has stopped\)$/m, run.stdout + run.stderr);
});

test('an agent whose check dies inside it (a thread ends on an exception) fails the questions it had, never a hang', (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'dying-recheck');
  // What recheck's runtime prints when one of its threads overflows its stack; the question is never answered.
  writeFileSync(path, `#!/bin/sh\nwhile read line; do echo 'Exception in thread "pool-2-thread-1" java.lang.StackOverflowError' >&2; echo '\tat codes.quine.labs.recheck.fuzz.StaticSeeder' >&2; done\n`);
  chmodSync(path, 0o755);
  const run = runNode(
    `import { startAgent } from ${JSON.stringify(join(DIST, 'engines/recheck/agent.js'))};
     await startAgent(${JSON.stringify(path)}).check('^(a+)+$', '', {}).then(() => console.log('ANSWERED'), (e) => console.log('REJECTED', e.name, e.message));`,
    {},
  );
  assert.equal(run.signal, null, `the process had to be killed: ${run.stderr}`);
  assert.match(run.stdout, /^REJECTED AgentCrashed recheck agent: a check ended with java\.lang\.StackOverflowError and was never answered$/m, run.stdout + run.stderr);
});

test('a pattern that overflows the real agent\'s stack is not proven, and the patterns asked after it are judged by a fresh agent', () => {
  // recheck 4.5's seeder recurses without bound on this quoted-string pattern (met in a CSV library): the agent's
  // thread dies and the question used to wait for ever, the scan with it, deaf to SIGTERM.
  const overflowing = String.raw`^(?:(["'])((?:(?!\2)[^\\]|\\.)*?)\2)$`;
  const run = runNode(
    `import { checkRegex } from ${JSON.stringify(join(DIST, 'engines/recheck/verdict.js'))};
     for (const p of [${JSON.stringify(overflowing)}, '^(a+)+$']) console.log('VERDICT', JSON.stringify(await checkRegex(p, '')));`,
    {},
  );
  assert.equal(run.signal, null, `the process had to be killed: ${run.stdout} ${run.stderr}`);
  const verdicts = [...run.stdout.matchAll(/^VERDICT (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { vulnerable: boolean; complexity: string });
  assert.deepEqual(verdicts.map((v) => [v.vulnerable, v.complexity]), [[false, 'unknown'], [true, 'exponential']], run.stdout + run.stderr);
});

test('the questions a dying agent had are asked again one at a time, never as that many agents at once', (t) => {
  const dir = tempDir(t);
  const log = join(dir, 'agents.log');
  const path = join(dir, 'slow-dying-recheck');
  // Each agent logs its start, and its death a moment after its first question: agents that overlap interleave.
  writeFileSync(path, `#!/bin/sh\necho "start $$" >> '${log}'\nread line\nsleep 0.3\necho "died $$" >> '${log}'\necho 'Exception in thread "main" java.lang.StackOverflowError' >&2\nwhile read line; do :; done\n`);
  chmodSync(path, 0o755);
  const run = runNode(
    `import { checkRegex } from ${JSON.stringify(join(DIST, 'engines/recheck/verdict.js'))};
     const verdicts = await Promise.all(['^(a+)+$', '^(b+)+$', '^(c+)+$'].map((p) => checkRegex(p, '')));
     console.log('VERDICTS', JSON.stringify(verdicts.map((v) => v.complexity)));`,
    { RECHECK_BIN: path },
  );
  assert.equal(run.signal, null, `the process had to be killed: ${run.stdout} ${run.stderr}`);
  assert.match(run.stdout, /^VERDICTS \["unknown","unknown","unknown"\]$/m, run.stdout + run.stderr);
  const events = readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split(' ')[0]);
  // The first agent had all three questions; then three agents, each started after the one before had died.
  assert.deepEqual(events, ['start', 'died', 'start', 'died', 'start', 'died', 'start', 'died'], readFileSync(log, 'utf8'));
});
