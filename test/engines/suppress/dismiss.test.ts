import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import type { Suppressions } from '../../../src/artifacts/schemas/memory.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { main } from '../../../src/cli/main.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { dismiss } from '../../../src/engines/suppress/dismiss.ts';

import { capture, makeTarget, outDirOf, readJson, removeTarget, runReport, writeSource } from '../report/run-phase.ts';
import { makeFinding } from '../../helpers/builders.ts';

const BODY = ['export function run(cmd: string) {', '  return exec(`ls ${cmd}`);', '}', ''];
const QUOTE = 'return exec(`ls ${cmd}`);';
// Built as the static engine builds it: same file, symbol, kind and subject → same fingerprint, whatever the line.
const findingAt = (line: number) => makeFinding({ file: 'src/app.ts', symbol: 'run', subject: 'cmd', line, quote: QUOTE });

test('dismiss → code shifts a few lines → rescan: the bug is not reported again; undismiss brings it back', async () => {
  const target = makeTarget({ 'src/app.ts': BODY.join('\n') });
  try {
    await runReport(target, 'run-1', ['src/app.ts'], [findingAt(2)]);
    const before = readJson<ScanReport>(join(outDirOf(target), 'scan-report.json'));
    assert.equal(before.counts.byVerdict.confirmed, 1);
    const id = before.findings[0]!.finding.id;

    const io = capture(target);
    assert.equal(await main(['dismiss', id, '--reason', 'cmd is a constant in every caller'], io), 0, io.err.join(''));
    const stored = readJson<Suppressions>(join(target, '.bug-hunter', 'suppressions.json'));
    assert.equal(stored.entries.length, 1);
    assert.equal(stored.entries[0]!.fingerprint, findingAt(2).fingerprint);
    assert.equal(stored.entries[0]!.by, 'Test User <test@example.com>');
    assert.equal(stored.entries[0]!.reason, 'cmd is a constant in every caller');
    // The stored report is read with the current suppressions applied: the dismissal shows at once.
    const listed = capture(target);
    await main(['report', 'list', '--json'], listed);
    assert.deepEqual((JSON.parse(listed.out.join('')) as { findings: unknown[]; counts: { suppressed: number } }).counts.suppressed, 1);
    assert.equal((JSON.parse(listed.out.join('')) as { findings: unknown[] }).findings.length, 0);

    // Four new lines above the function: the finding moves from line 2 to line 6, the fingerprint does not.
    writeSource(target, 'src/app.ts', ['// header', "import { exec } from './exec.ts';", '', '// run a listing', ...BODY].join('\n'));
    assert.equal(findingAt(6).fingerprint, findingAt(2).fingerprint);
    await runReport(target, 'run-2', ['src/app.ts'], [findingAt(6)]);

    const after = readJson<ScanReport>(join(outDirOf(target), 'scan-report.json'));
    assert.equal(after.counts.byVerdict.confirmed ?? 0, 0);
    assert.equal(after.counts.suppressed, 1);
    assert.equal(after.counts.failing, 0);
    assert.equal(after.findings[0]!.suppressed?.reason, 'cmd is a constant in every caller');
    const md = readFileSync(join(outDirOf(target), 'report.md'), 'utf8');
    assert.doesNotMatch(md, /## Confirmed findings\n\n###/);
    assert.match(md, /## Suppressed \(1\)/);
    // The suppressed result stays in the SARIF log, marked, with the recorded reason as its justification.
    const sarif = readJson<{ runs: { results: { suppressions?: { kind: string; status: string; justification: string }[] }[] }[] }>(join(outDirOf(target), 'report.sarif'));
    assert.equal(sarif.runs[0]!.results.length, 1);
    assert.deepEqual(sarif.runs[0]!.results[0]!.suppressions?.map((s) => [s.kind, s.status, s.justification]), [['external', 'accepted', 'cmd is a constant in every caller']]);

    const list = capture(target);
    assert.equal(await main(['report', 'list', '--json'], list), 0);
    assert.equal((JSON.parse(list.out.join('')) as { findings: unknown[] }).findings.length, 0);

    const undo = capture(target);
    assert.equal(await main(['undismiss', findingAt(6).fingerprint], undo), 0, undo.err.join(''));
    assert.equal(readJson<Suppressions>(join(target, '.bug-hunter', 'suppressions.json')).entries.length, 0);
    const again = capture(target);
    await main(['report', 'list', '--json'], again);
    assert.deepEqual((JSON.parse(again.out.join('')) as { findings: { finding: { id: string } }[] }).findings.map((f) => f.finding.id), [findingAt(6).id]);
  } finally {
    removeTarget(target);
  }
});

test('a reason is required', async () => {
  const target = makeTarget({ 'src/app.ts': BODY.join('\n') });
  try {
    const io = capture(target);
    assert.equal(await main(['dismiss', findingAt(2).fingerprint], io), 2);
    assert.match(io.err.join(''), /A reason is required/);
    await assert.rejects(dismiss({ target, ref: findingAt(2).fingerprint, reason: '   ' }), UsageError);
    assert.equal(existsSync(join(target, '.bug-hunter', 'suppressions.json')), false, 'nothing written');
  } finally {
    removeTarget(target);
  }
});

test('an unknown id is a usage error; undismissing what is not dismissed too', async () => {
  const target = makeTarget({});
  try {
    await assert.rejects(dismiss({ target, ref: 'BH-deadbeef', reason: 'x' }), (e: unknown) => e instanceof UsageError && /No finding 'BH-deadbeef'/.test(e.message));
    const io = capture(target);
    assert.equal(await main(['undismiss', 'abcdef0123456789'], io), 2);
    assert.match(io.err.join(''), /is not dismissed/);
  } finally {
    removeTarget(target);
  }
});

test('dismiss waits for the lock on suppressions.json, and concurrent dismissals are all kept', async () => {
  const target = makeTarget({});
  try {
    const file = join(target, '.bug-hunter', 'suppressions.json');
    mkdirSync(dirname(file), { recursive: true });
    const release = await lockfile.lock(file, { realpath: false });
    const pending = dismiss({ target, ref: 'f'.repeat(16), reason: 'held back by the lock' });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(existsSync(file), false, 'nothing written while another writer holds the lock');
    await release();
    await pending;
    assert.equal(readJson<Suppressions>(file).entries[0]!.reason, 'held back by the lock');

    const fingerprints = Array.from({ length: 6 }, (_, i) => String(i).repeat(16));
    await Promise.all(fingerprints.map((fp) => dismiss({ target, ref: fp, reason: `reason ${fp}` })));
    assert.deepEqual(readJson<Suppressions>(file).entries.map((e) => e.fingerprint).sort(), ['f'.repeat(16), ...fingerprints].sort());
    // Dismissing again replaces the reason, it does not add a second entry.
    await dismiss({ target, ref: fingerprints[0]!, reason: 'new reason' });
    const again = readJson<Suppressions>(file);
    assert.equal(again.entries.length, 7);
    assert.equal(again.entries.find((e) => e.fingerprint === fingerprints[0])!.reason, 'new reason');
  } finally {
    removeTarget(target);
  }
});
