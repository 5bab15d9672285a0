import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { main } from '../../../src/cli/main.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';
import { findPhase } from '../../../src/driver/registry.ts';

import { capture, makeTarget, outDirOf, removeTarget, runReport } from '../../engines/report/run-phase.ts';
import { makeFinding } from '../../helpers/builders.ts';

const SOURCE = ['export function run(cmd: string) {', '  return exec(`ls ${cmd}`);', '}', ''].join('\n');
const finding = makeFinding({ file: 'src/app.ts', symbol: 'run', subject: 'cmd', line: 2, quote: 'return exec(`ls ${cmd}`);' });
const suspect = makeFinding({ file: 'src/app.ts', symbol: 'run', subject: 'other', line: 1, quote: 'export function run(cmd: string) {', severity: 'low', category: 'logic' });

test('the report phase is registered and writes scan-report, coverage, report.md, report.sarif and the ledger', async () => {
  assert.equal((await findPhase('report')!.load!()).name, 'report');
  const target = makeTarget({ 'src/app.ts': SOURCE });
  try {
    await runReport(target, 'run-1', ['src/app.ts'], [finding, suspect], { [suspect.id]: 'manual-review' });
    const out = outDirOf(target);
    const report = readArtifact(out, 'scan-report');
    assert.equal(report.run.runId, 'run-1');
    assert.equal(report.counts.byVerdict.confirmed, 1);
    assert.equal(readArtifact(out, 'coverage').complete, true);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /^# bug-hunter report\n\n\*\*Result: NOT CLEAN\*\*/);
    const sarif = JSON.parse(readFileSync(join(out, 'report.sarif'), 'utf8')) as { runs: { results: { level: string; properties: { bugHunter?: { review: string } } }[] }[] };
    // The manual-review finding is listed for review (a note marked manual), beside the confirmed one.
    assert.equal(sarif.runs[0]!.results.filter((r) => r.properties.bugHunter?.review === 'manual').length, 1);
    assert.equal(sarif.runs[0]!.results.length, 2);
    assert.ok(existsSync(join(target, '.bug-hunter', 'ledger.json')));
  } finally {
    removeTarget(target);
  }
});

test('a missing required artifact fails the phase and names the file', async () => {
  const target = makeTarget({ 'src/app.ts': SOURCE });
  try {
    await runReport(target, 'run-1', ['src/app.ts'], [finding]);
    rmSync(join(outDirOf(target), 'referee.json'));
    const { reportPhase } = await import('../../../src/phases/report/index.ts');
    await assert.rejects(
      reportPhase.run({ target, outDir: outDirOf(target), identity: readArtifact(outDirOf(target), 'scan-report').run, options: { profile: 'auto', failOn: 'low', showSuspected: false, engine: 'static' }, scope: { includeTests: false }, log: { info() {}, warn() {}, progress() {} }, signal: new AbortController().signal }),
      (e: unknown) => e instanceof PhaseError && /referee\.json is missing/.test(e.message),
    );
  } finally {
    removeTarget(target);
  }
});

test('report list, show and --format print the views of the last scan', async () => {
  const target = makeTarget({ 'src/app.ts': SOURCE });
  try {
    await runReport(target, 'run-1', ['src/app.ts'], [finding, suspect], { [suspect.id]: 'manual-review' });
    const list = capture(target);
    assert.equal(await main(['report', 'list', '--no-color'], list), 0);
    const text = list.out.join('');
    assert.ok(text.includes(`${finding.id}  T2  high     src/app.ts:2  cmd reaches a sink unchecked`), text);
    assert.doesNotMatch(text, new RegExp(suspect.id));
    assert.match(text, /1 suspected \(T3\) finding hidden; add --show-suspected/);
    assert.ok(!text.includes('\x1b['), 'plain without a terminal');

    const coloured = capture(target);
    await main(['report', '--color', '--show-suspected', target], coloured);
    assert.ok(coloured.out.join('').includes('\x1b[1mBH-'), 'bold ids with --color');
    assert.match(coloured.out.join(''), new RegExp(suspect.id));

    const show = capture(target);
    assert.equal(await main(['report', 'show', finding.id, target, '--no-color'], show), 0);
    assert.match(show.out.join(''), /Reasoning trace\n {2}skeptic guards \(static\): upheld — no guard on the path/);
    assert.match(show.out.join(''), /\s2 │ return exec\(`ls \$\{cmd\}`\);/);

    const showJson = capture(target);
    await main(['report', 'show', finding.fingerprint, '--json'], showJson);
    assert.equal((JSON.parse(showJson.out.join('')) as { finding: { id: string } }).finding.id, finding.id);

    const md = capture(target);
    await main(['report', '--format', 'md'], md);
    assert.equal(md.out.join(''), readFileSync(join(outDirOf(target), 'report.md'), 'utf8'));
    const sarif = capture(target);
    await main(['report', '--format', 'sarif'], sarif);
    assert.equal((JSON.parse(sarif.out.join('')) as { version: string }).version, '2.1.0');
    const json = capture(target);
    await main(['report', '--format', 'json'], json);
    assert.equal((JSON.parse(json.out.join('')) as { artifact: string }).artifact, 'scan-report');

    const bad = capture(target);
    assert.equal(await main(['report', 'show', 'BH-00000000'], bad), 2);
    assert.match(bad.err.join(''), /No finding 'BH-00000000'/);
    assert.equal(await main(['report', 'list', '--format', 'md'], capture(target)), 2);
    assert.equal(await main(['report', '--format', 'pdf'], capture(target)), 2);
  } finally {
    removeTarget(target);
  }
});

test('report without a scan is a usage error that says what to run', async () => {
  const target = makeTarget({});
  try {
    const io = capture(target);
    assert.equal(await main(['report', 'list'], io), 2);
    assert.match(io.err.join(''), /No scan report in .*\.bug-hunter\. Run 'bug-hunter scan' first/);
  } finally {
    removeTarget(target);
  }
});
