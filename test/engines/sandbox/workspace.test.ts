// The throw-away copies' names and their removal (src/engines/sandbox/workspace.ts, src/engines/run/process.ts), with
// real processes: a copy whose owner is gone is removed at the next run — no process has its pid, or the process that
// has it started at another time (the pid was reused) — and a live owner's copy is never removed. A copy made in
// another pid namespace (whose pids mean nothing here) goes once idle for FOREIGN_IDLE_MS.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { FOREIGN_IDLE_MS, ownerToken, processEntry, thisOwner } from '../../../src/engines/run/process.ts';
import { makeThrowAwayFolder, removeStaleCopies } from '../../../src/engines/sandbox/workspace.ts';
import { tempDir } from '../../helpers/temp.ts';

const linux = processEntry(process.pid) !== undefined;

test('a copy is named after its owner: pid, and on Linux its start time and pid namespace', { skip: !linux && 'needs /proc' }, (t) => {
  const made = makeThrowAwayFolder('ro');
  t.after(() => rmSync(made, { recursive: true, force: true }));
  const me = thisOwner();
  assert.ok(me.start !== undefined && me.ns !== undefined, 'Linux gives both');
  assert.match(basename(made), new RegExp(`^bh-sandbox-${process.pid}\\.${me.start}\\.${me.ns}-ro`));
});

test("the next run removes the copies whose owner is gone, a reused pid's included, and never a live owner's", { skip: !linux && 'needs /proc' }, async (t) => {
  const dir = tempDir(t, 'bh-copies-');
  const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
  t.after(() => sleeper.kill('SIGKILL'));
  const pid = sleeper.pid!;
  const entry = processEntry(pid);
  assert.ok(entry, 'the live owner is in /proc');
  const ns = thisOwner().ns!;
  const owner = (start: number, space = ns) => ownerToken({ pid, start, ns: space });
  const names = {
    live: `bh-sandbox-${owner(entry.start)}-aaaaaa`,
    liveOldName: `bh-sandbox-${pid}-bbbbbb`,
    reused: `bh-sandbox-${owner(entry.start + 1)}-cccccc`,
    gone: `bh-sandbox-99999999.5.${ns}-dddddd`,
    goneOldName: 'bh-sandbox-99999998-eeeeee',
    mine: `bh-sandbox-${ownerToken()}-ffffff`,
    foreignBusy: `bh-sandbox-${owner(entry.start + 2, ns + 1)}-gggggg`,
    foreignIdle: `bh-sandbox-${owner(entry.start + 3, ns + 1)}-hhhhhh`,
    other: 'not-a-copy-123-iiiiii',
  };
  for (const name of Object.values(names)) mkdirSync(join(dir, name, 'workspace'), { recursive: true });
  const longAgo = (Date.now() - FOREIGN_IDLE_MS - 60_000) / 1000;
  utimesSync(join(dir, names.foreignIdle), longAgo, longAgo);
  utimesSync(join(dir, names.foreignIdle, 'workspace'), longAgo, longAgo);

  const removed = removeStaleCopies(dir).sort();
  assert.deepEqual(removed, [names.gone, names.goneOldName, names.foreignIdle, names.reused].sort());
  assert.deepEqual(readdirSync(dir).sort(), [names.live, names.liveOldName, names.mine, names.foreignBusy, names.other].sort());

  // Its owner ends: the next run removes the live copy too.
  const ended = new Promise((resolve) => sleeper.once('exit', resolve));
  sleeper.kill('SIGKILL');
  await ended;
  assert.ok(removeStaleCopies(dir).includes(names.live), 'the copy of the owner now gone is removed');
  assert.equal(existsSync(join(dir, names.live)), false);
  assert.ok(existsSync(join(dir, names.mine)), "this process's own copy stays");
});
