// A taint finding's path and its bundle copies in every view: report show (terminal), report.md, and SARIF (codeFlows
// with the steps in order, relatedLocations for the copies), the SARIF checked by Microsoft's validator. Path notes
// quote the scanned code, so they are hostile text: escaped like every other piece of code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { renderSarif } from '../../../src/engines/report/sarif.ts';
import { renderMarkdown } from '../../../src/engines/report/markdown.ts';
import { renderShow } from '../../../src/engines/report/terminal.ts';
import { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { validate } from '../../../src/artifacts/validate.ts';
import { assertNoProblems, validateSarif } from '../../helpers/sarif-validator.ts';
import { tempDir } from '../../helpers/temp.ts';
import { confirmedRun } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';
import { copyFingerprints } from '../../../src/engines/findings/related.ts';

const CLEAR = '\x1b[2J\x1b[H';
const TITLE = '\x1b]0;owned\x07';
const HOSTILE = `x = req.query.q + '<img src=x onerror=alert(1)>' // ${CLEAR}${TITLE}\r# heading [a](javascript:alert)`;

function flowReport() {
  const src = makeFinding({ file: 'lib/run.js', symbol: 'run', subject: 'cmd', line: 3, quote: "exec('ls ' + cmd)", ruleId: 'command-injection' });
  src.cwe = 'CWE-78';
  src.flow = [
    { file: 'lib/route.js', line: 8, note: 'source: req.query.q' },
    { file: 'lib/route.js', line: 9, note: HOSTILE },
    { file: 'lib/route.js', line: 10, note: 'passed to run() as `cmd`' },
    { file: 'lib/run.js', line: 3, note: "sink: exec('ls ' + cmd)" },
  ];
  const copies = ['dist/run.js', 'dist/esm/run.js'].map((file) => {
    const f = makeFinding({ file, symbol: 'run', subject: 'cmd', line: 3, quote: "  exec('ls '  + cmd)", ruleId: 'command-injection' });
    f.cwe = 'CWE-78';
    return f;
  });
  const scanReport = confirmedRun([['lib/run.js', 'lib/route.js'], ['dist/run.js', 'dist/esm/run.js']], [src, ...copies]);
  return { scanReport, src, copies };
}

test('the bundle copies fold into the source finding, which keeps its fingerprint and its path; the report validates', () => {
  const { scanReport, src, copies } = flowReport();
  assert.deepEqual(validate(ScanReport, scanReport), { ok: true });
  assert.deepEqual(scanReport.findings.map((f) => f.finding.fingerprint), [src.fingerprint]);
  const [one] = scanReport.findings;
  assert.deepEqual(one!.relatedLocations?.map((r) => [r.file, copyFingerprints([r])[0]]), [['dist/run.js', copies[0]!.fingerprint], ['dist/esm/run.js', copies[1]!.fingerprint]]);
  assert.equal(scanReport.counts.byVerdict.confirmed, 1, 'one bug, counted once');
});

test('SARIF: codeFlows hold the steps in order, each with a message; the bundle copies are related locations; Microsoft\'s validator accepts it', (t: TestContext) => {
  const { scanReport } = flowReport();
  const log = renderSarif(scanReport) as { runs: { results: { codeFlows?: { threadFlows: { locations: { location: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } }; message: { text: string } }; executionOrder: number }[] }[] }[]; relatedLocations: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
  const [result] = log.runs[0]!.results;
  const steps = result!.codeFlows![0]!.threadFlows[0]!.locations;
  assert.deepEqual(steps.map((s) => `${s.location.physicalLocation.artifactLocation.uri}:${s.location.physicalLocation.region.startLine}`), ['lib/route.js:8', 'lib/route.js:9', 'lib/route.js:10', 'lib/run.js:3']);
  assert.deepEqual(steps.map((s) => s.executionOrder), [1, 2, 3, 4]);
  assert.ok(steps.every((s) => s.location.message.text.length > 0));
  assert.equal(steps[0]!.location.message.text, 'source: req.query.q.');
  const bundles = result!.relatedLocations.filter((r) => /bundle/.test(r.message.text));
  assert.deepEqual(bundles.map((r) => r.physicalLocation.artifactLocation.uri), ['dist/run.js', 'dist/esm/run.js']);
  assertNoProblems(t, validateSarif(tempDir(t, 'bh-flow-sarif-'), log));
});

test('report show lists the path and the bundle copies, with no terminal control from the code', () => {
  const { scanReport } = flowReport();
  const out = renderShow(scanReport.findings[0]!, { colour: true });
  const path = out.slice(out.indexOf('Path (source to sink)'));
  assert.match(path, /1\. .*lib\/route\.js:8.* source: req\.query\.q/);
  assert.match(path, /4\. .*lib\/run\.js:3.* sink: exec\('ls ' \+ cmd\)/);
  assert.ok(path.indexOf('route.js:8') < path.indexOf('route.js:9') && path.indexOf('route.js:9') < path.indexOf('route.js:10'), 'in order');
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.ok(!/\x1b(?!\[[0-9;]*m)|\x07|\r/.test(out), 'a foreign control reached the terminal');
  assert.match(out, /\\u001b\]0;owned\\u0007/, 'shown with its escapes visible');
  assert.match(out, /Also in builds and bundles[^\n]*\n[^\n]*dist\/run\.js:3[^\n]*\n[^\n]*dist\/esm\/run\.js:3/);
});

test('report.md lists the path (code escaped like all code text) and the bundle copies', () => {
  const { scanReport } = flowReport();
  const md = renderMarkdown(scanReport);
  const path = md.slice(md.indexOf('**Path (source to sink)**'), md.indexOf('**Reasoning trace**'));
  assert.match(path, /^1\. `lib\/route\.js:8` — source: req\.query\.q$/m);
  assert.match(path, /^4\. `lib\/run\.js:3` — sink: exec\('ls ' \+ cmd\)$/m);
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.ok(!/[\x00-\x08\x0b-\x1f\x7f]/.test(md), 'report.md holds a raw control character');
  assert.ok(!/(?<!\\)<img/.test(path) && path.includes('\\<img'), 'HTML from the code is escaped');
  assert.ok(!/(?<!\\)\[a(?<!\\)\]\(javascript/.test(path) && path.includes('\\[a\\]'), 'a link from the code is escaped');
  assert.ok(!/^#/m.test(path), 'no line starts a heading');
  assert.match(md, /\*\*Also in builds and bundles of this file\*\*[^\n]*\n\n- `dist\/run\.js:3` \(BH-[0-9a-f]+\)\n- `dist\/esm\/run\.js:3`/);
});
