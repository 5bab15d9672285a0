import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
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
