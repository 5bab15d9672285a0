import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Ledger, LedgerEntry } from '../../../src/artifacts/schemas/memory.ts';
import { Ledger as LedgerSchema } from '../../../src/artifacts/schemas/memory.ts';
import { validate } from '../../../src/artifacts/validate.ts';
import { reverificationQueue } from '../../../src/engines/ledger/update.ts';
import { dismiss, undismiss } from '../../../src/engines/suppress/dismiss.ts';

import { makeTarget, readJson, removeTarget, runReport, writeSource } from '../report/run-phase.ts';
import { makeFinding } from '../../helpers/builders.ts';

const A = ['function a(p) {', '  const x = 1;', '  return eval(p);', '}'].join('\n');
const B = ['function b(q) {', '  return q.length;', '}'].join('\n');
const C = ['function c(r) {', '  const y = 2;', '  db.query("select " + r);', '  return y;', '}'].join('\n');

const fa = (line = 3) => makeFinding({ file: 'src/a.ts', symbol: 'a', subject: 'p', line, quote: 'return eval(p);' });
const fb = (line = 2) => makeFinding({ file: 'src/b.ts', symbol: 'b', subject: 'q', line, quote: 'return q.length;', category: 'nil-safety' });
const fc = (line = 3) => makeFinding({ file: 'src/c.ts', symbol: 'c', subject: 'r', line, quote: 'db.query("select " + r);' });

function ledgerOf(target: string): Map<string, LedgerEntry> {
  const ledger = readJson<Ledger>(join(target, '.bug-hunter', 'ledger.json'));
  assert.deepEqual(validate(LedgerSchema, ledger), { ok: true });
  return new Map(ledger.entries.map((e) => [e.fingerprint, e]));
}

test('a finding whose code is removed, or whose file is deleted, becomes fixed; found again, it reopens', async () => {
  const target = makeTarget({ 'src/a.ts': A, 'src/b.ts': B });
  try {
    await runReport(target, 'run-1', ['src/a.ts', 'src/b.ts'], [fa(), fb()]);
    let ledger = ledgerOf(target);
    assert.equal(ledger.get(fa().fingerprint)!.status, 'open');
    assert.equal(ledger.get(fb().fingerprint)!.status, 'open');
    assert.equal(ledger.get(fa().fingerprint)!.firstSeenRun, 'run-1');

    // The bug's line is rewritten and b.ts is deleted; the next run finds nothing.
    writeSource(target, 'src/a.ts', A.replace('return eval(p);', 'return JSON.parse(p);'));
    rmSync(join(target, 'src/b.ts'));
    await runReport(target, 'run-2', ['src/a.ts'], []);
    ledger = ledgerOf(target);
    const a = ledger.get(fa().fingerprint)!;
    assert.equal(a.status, 'fixed');
    assert.match(a.history.at(-1)!.detail!, /no longer in src\/a\.ts/);
    assert.equal(a.lastSeenRun, 'run-1');
    assert.equal(ledger.get(fb().fingerprint)!.status, 'fixed');
    assert.match(ledger.get(fb().fingerprint)!.history.at(-1)!.detail!, /no longer exists/);

    // The bug comes back.
    writeSource(target, 'src/a.ts', A);
    await runReport(target, 'run-3', ['src/a.ts'], [fa()]);
    const back = ledgerOf(target).get(fa().fingerprint)!;
    assert.equal(back.status, 'open');
    assert.deepEqual(back.history.map((h) => h.event), ['opened', 'fixed', 'reopened']);
    assert.equal(back.firstSeenRun, 'run-1');
    assert.equal(back.lastSeenRun, 'run-3');
    const report = readJson<{ findings: { firstSeenRun?: string }[] }>(join(target, '.bug-hunter', 'scan-report.json'));
    assert.equal(report.findings[0]!.firstSeenRun, 'run-1');
  } finally {
    removeTarget(target);
  }
});

test('code that only moved stays open; code changed around the bug is queued for re-verification', async () => {
  const target = makeTarget({ 'src/a.ts': A, 'src/c.ts': C });
  try {
    await runReport(target, 'run-1', ['src/a.ts', 'src/c.ts'], [fa(), fc()]);
    // Two lines added well above the function (more than three lines away from the bug): a move, not a change.
    writeSource(target, 'src/a.ts', `// moved\n// down\n\n\n\n${A}`);
    writeSource(target, 'src/c.ts', C.replace('const y = 2;', 'if (!/^\\w+$/.test(r)) throw new Error("bad");'));
    // This run did not re-find either (say, the chunk hit a budget); the ledger checks the source itself.
    await runReport(target, 'run-2', ['src/a.ts', 'src/c.ts'], []);
    const ledger = ledgerOf(target);
    const moved = ledger.get(fa().fingerprint)!;
    assert.equal(moved.status, 'open');
    assert.equal(moved.startLine, 8, 'follows the code to its new line');
    assert.equal(moved.reverify, undefined);
    const changed = ledger.get(fc().fingerprint)!;
    assert.equal(changed.status, 'open');
    assert.match(changed.reverify!.reason, /code at src\/c\.ts:3 changed since run run-1/);
    const queue = reverificationQueue(readJson<Ledger>(join(target, '.bug-hunter', 'ledger.json')));
    assert.deepEqual(queue.map((e) => e.fingerprint), [fc().fingerprint]);
  } finally {
    removeTarget(target);
  }
});

test('a dismissed finding is recorded as dismissed by a person, and reopens when undismissed', async () => {
  const target = makeTarget({ 'src/a.ts': A });
  try {
    await runReport(target, 'run-1', ['src/a.ts'], [fa()]);
    await dismiss({ target, ref: fa().fingerprint, reason: 'eval input is trusted config' });
    await runReport(target, 'run-2', ['src/a.ts'], [fa()]);
    const entry = ledgerOf(target).get(fa().fingerprint)!;
    assert.equal(entry.status, 'dismissed');
    assert.equal(entry.dismissedBy, 'person');

    await undismiss(target, fa().fingerprint);
    await runReport(target, 'run-3', ['src/a.ts'], [fa()]);
    const reopened = ledgerOf(target).get(fa().fingerprint)!;
    assert.equal(reopened.status, 'open');
    assert.equal(reopened.dismissedBy, undefined);
    assert.deepEqual(reopened.history.map((h) => h.event), ['opened', 'dismissed', 'undismissed']);
  } finally {
    removeTarget(target);
  }
});
