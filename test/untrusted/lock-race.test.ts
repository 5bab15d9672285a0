// The run lock is taken by exactly one of many processes that try at the same moment, with or without a stale
// lock left by a dead process in the way (the lock file is linked into place whole, never seen empty).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { lockPath } from '../../src/run/lock.ts';
import { tempDir } from '../helpers/temp.ts';

const CONTENDER = join(import.meta.dirname, 'fixtures', 'lock-contender.mjs');
const CONTENDERS = 16;

function firstLine(child: ChildProcess, skip = 0): Promise<string> {
  return new Promise((resolve) => {
    let seen = '';
    child.stdout?.on('data', (d: Buffer) => {
      seen += d.toString();
      const lines = seen.split('\n');
      if (lines.length > skip + 1) resolve(lines[skip] as string);
    });
    child.on('close', () => resolve(seen.split('\n')[skip] ?? `exited: ${seen}`));
  });
}

async function race(dir: string): Promise<string[]> {
  const start = join(dir, 'go');
  const children = Array.from({ length: CONTENDERS }, () =>
    spawn(process.execPath, [CONTENDER, dir, start], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const outcomes = children.map((c) => firstLine(c, 1));
  await Promise.all(children.map((c) => firstLine(c)));
  writeFileSync(start, '');
  const results = await Promise.all(outcomes);
  for (const c of children) c.stdin?.end();
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('close', r)))));
  return results;
}

for (const stale of [false, true]) {
  test(`${CONTENDERS} processes racing for the lock${stale ? ' over a stale one' : ''}: exactly one wins, in every round`, { timeout: 120_000 }, async (t) => {
    for (let round = 0; round < 5; round += 1) {
      const dir = tempDir(t);
      if (stale) {
        writeFileSync(lockPath(dir), JSON.stringify({ token: 'dead', pid: 2 ** 22 + 4321, host: hostname(), command: 'crashed', since: '2026-01-01T00:00:00Z', leaseUntil: '2999-01-01T00:00:00Z' }));
      }
      const results = await race(dir);
      assert.equal(results.filter((r) => r === 'acquired').length, 1, results.join(', '));
      assert.ok(results.every((r) => r === 'acquired' || r === 'refused IntegrityError'), results.join(', '));
    }
  });
}
