// The run lock is taken by exactly one of many processes that try at the same moment, with or without a stale
// lock left by a dead process in the way (the lock file is linked into place whole, never seen empty).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { lockPath } from '../../src/engines/run/lock.ts';
import { tempDir } from '../helpers/temp.ts';

const CONTENDER = join(import.meta.dirname, 'fixtures', 'lock-contender.mjs');
const CONTENDERS = 16;

/** A contender process and the lines it has printed, read one at a time. */
interface Contender {
  child: ChildProcess;
  next(): Promise<string>;
}

function contender(): Contender {
  const child = spawn(process.execPath, [CONTENDER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let partial = '';
  const deliver = (line: string) => (waiting.length > 0 ? waiting.shift()!(line) : lines.push(line));
  child.stdout?.on('data', (d: Buffer) => {
    const parts = (partial + d.toString()).split('\n');
    partial = parts.pop() ?? '';
    parts.forEach(deliver);
  });
  child.on('close', (code) => {
    for (const resolve of waiting.splice(0)) resolve(`exited ${code}: ${partial}`);
  });
  const next = () => (lines.length > 0 ? Promise.resolve(lines.shift()!) : child.exitCode !== null ? Promise.resolve(`exited ${child.exitCode}`) : new Promise<string>((r) => waiting.push(r)));
  return { child, next };
}

async function race(contenders: Contender[], dir: string): Promise<string[]> {
  const start = join(dir, 'go');
  for (const c of contenders) c.child.stdin?.write(`round ${dir} ${start}\n`);
  assert.deepEqual(await Promise.all(contenders.map((c) => c.next())), contenders.map(() => 'ready'));
  writeFileSync(start, '');
  const results = await Promise.all(contenders.map((c) => c.next()));
  // The winner holds the lock until every contender has tried; then it is given back before the next round.
  for (const c of contenders) c.child.stdin?.write('release\n');
  assert.deepEqual(await Promise.all(contenders.map((c) => c.next())), contenders.map(() => 'released'));
  return results;
}

for (const stale of [false, true]) {
  test(`${CONTENDERS} processes racing for the lock${stale ? ' over a stale one' : ''}: exactly one wins, in every round`, { timeout: 120_000 }, async (t) => {
    // The same processes race in every round (a round is a fresh folder): a start per round would cost more than the race.
    const contenders = Array.from({ length: CONTENDERS }, contender);
    t.after(async () => {
      for (const c of contenders) c.child.stdin?.end();
      // A round that failed before its start file was written leaves contenders waiting for it: they are killed.
      const stragglers = setTimeout(() => contenders.forEach((c) => c.child.kill('SIGKILL')), 10_000);
      await Promise.all(contenders.map((c) => new Promise((r) => (c.child.exitCode !== null ? r(null) : c.child.on('close', r)))));
      clearTimeout(stragglers);
    });
    for (let round = 0; round < 5; round += 1) {
      const dir = tempDir(t);
      if (stale) {
        writeFileSync(lockPath(dir), JSON.stringify({ token: 'dead', pid: 2 ** 22 + 4321, host: hostname(), command: 'crashed', since: '2026-01-01T00:00:00Z', leaseUntil: '2999-01-01T00:00:00Z' }));
      }
      const results = await race(contenders, dir);
      assert.equal(results.filter((r) => r === 'acquired').length, 1, results.join(', '));
      assert.ok(results.every((r) => r === 'acquired' || r === 'refused IntegrityError'), results.join(', '));
    }
  });
}
