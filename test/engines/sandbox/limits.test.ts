import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { bwrap, bwrapZombies, processesWith, reaped, settles, tempTree } from './helpers.ts';

test('a fork storm is contained by the process limit and leaves nothing behind', async () => {
  const tree = tempTree({
    'storm.mjs': `import { spawn } from 'node:child_process';
let ok = 0, refused = 0;
for (let i = 0; i < 300; i++) { try { const c = spawn('sleep', ['30.0417']); c.on('error', () => refused++); ok++; } catch { refused++; } }
setTimeout(() => { console.log('STARTED', ok, 'REFUSED', refused); process.exit(0); }, 1500);`,
    // The script's own forks all come before the storm: the sleep, then one subshell the storm grows in. Started
    // after it, the sleep's fork (or the pipeline's second fork, when the first child's descendants had taken the
    // limit first) could be refused and the script would end FAIL instead of running into its time limit (a race
    // the load decided). wait is a builtin: no fork.
    'bomb.sh': 'sleep 30.0418 & s=$!; ( f() { f | f & }; f ) & wait $s',
  });
  try {
    const storm = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'storm.mjs'], limits: { maxProcesses: 40, timeoutMs: 20_000 } });
    const refused = Number(/REFUSED (\d+)/.exec(storm.stdout)?.[1]);
    assert.ok(refused > 200, `expected most spawns refused, got: ${storm.stdout}`);
    const bomb = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['sh', 'bomb.sh'], limits: { maxProcesses: 40, timeoutMs: 3_000 } });
    assert.equal(bomb.status, 'TIMEOUT');
    // The sleeps last 30 s: one still alive after 10 s outlived its sandbox (polled: the kernel reaps a killed
    // namespace's processes asynchronously, later under load).
    assert.ok(await settles(() => processesWith('30.041').length === 0, 10_000), `left running: ${processesWith('30.041').join(', ')}`);
    const left = bwrapZombies();
    assert.ok(await settles(reaped(left), 10_000), `a killed sandbox left a bwrap zombie (of ${[...left].join(', ')})`);
  } finally {
    tree.cleanup();
  }
});

test('a memory hog fails at the memory limit instead of taking the host', async () => {
  const tree = tempTree({ 'hog.mjs': 'const keep = []; for (let i = 0; i < 80; i++) keep.push(Buffer.alloc(64 * 1024 * 1024, 1)); console.log("ALLOCATED", keep.length * 64, "MB");' });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'hog.mjs'], limits: { memoryBytes: 512 * 1024 ** 2, timeoutMs: 20_000 } });
    assert.equal(result.status, 'FAIL');
    assert.doesNotMatch(result.stdout, /ALLOCATED/);
    assert.match(result.stderr, /allocation failed|out of memory/i);
  } finally {
    tree.cleanup();
  }
});

test('an endless loop is killed at its time limit, with every child it started', async () => {
  const tree = tempTree({ 'spin.sh': 'sleep 60.0419 & sleep 60.0419 & while :; do :; done' });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['sh', 'spin.sh'], limits: { timeoutMs: 1_500 } });
    assert.equal(result.status, 'TIMEOUT');
    // Killed near the limit, not when the 60 s sleeps end (the upper bound leaves room for a loaded machine).
    assert.ok(result.durationMs >= 1_500 && result.durationMs < 15_000, `duration ${result.durationMs}`);
    assert.ok(await settles(() => processesWith('60.0419').length === 0, 10_000), `left running: ${processesWith('60.0419').join(', ')}`);
    const left = bwrapZombies();
    assert.ok(await settles(reaped(left), 10_000), `a killed sandbox left a bwrap zombie (of ${[...left].join(', ')})`);
  } finally {
    tree.cleanup();
  }
});

test('100 MB of output is capped, keeping head and tail and marking it truncated', async () => {
  const tree = tempTree({ 'flood.mjs': `process.stdout.write('HEAD-START\\n'); const line = 'x'.repeat(1023) + '\\n'; const block = line.repeat(1024);
for (let i = 0; i < 100; i++) process.stdout.write(block); process.stdout.write('TAIL-END\\n');` });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'flood.mjs'], limits: { timeoutMs: 30_000 } });
    assert.equal(result.status, 'PASS');
    assert.equal(result.truncated, true);
    assert.ok(result.stdout.length <= 1024 * 1024 + 100, `kept ${result.stdout.length} bytes`);
    assert.ok(result.stdout.startsWith('HEAD-START'));
    assert.ok(result.stdout.trimEnd().endsWith('TAIL-END'));
    assert.match(result.stdout, /bytes truncated/);
  } finally {
    tree.cleanup();
  }
});
