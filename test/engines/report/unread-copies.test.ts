// A finding's cited lines in a build copy triage skipped (unread-copies.ts): named beside it as an unread related
// location exactly when the lines stand there once, whole and in order. Checked against a brute-force reading of
// generated bundles (modules concatenated, re-indented, wrapped, some twice, some left out), on the known edges, in
// every view (SARIF through Microsoft's validator), and from the CLI on a repository with a committed dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { citedLines, MIN_CITED_CHARS, relateUnreadCopies, type BuildCopy } from '../../../src/engines/report/unread-copies.ts';
import { readBuildCopies, MAX_COPY_BYTES } from '../../../src/phases/report/build-copies.ts';
import { renderSarif } from '../../../src/engines/report/sarif.ts';
import { renderMarkdown } from '../../../src/engines/report/markdown.ts';
import { renderShow } from '../../../src/engines/report/terminal.ts';
import { findingBody } from '../../../src/engines/report/html/finding.ts';
import { ScanReport, type ReportedFinding } from '../../../src/artifacts/schemas/scan-report.ts';
import { RepoPath } from '../../../src/artifacts/schemas/common.ts';
import { validate } from '../../../src/artifacts/validate.ts';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { main } from '../../../src/cli/main.ts';
import { assertNoProblems, validateSarif } from '../../helpers/sarif-validator.ts';
import { tempDir } from '../../helpers/temp.ts';
import { makeFinding } from '../../helpers/builders.ts';
import { prng } from '../../../scripts/kit/seeded-random.ts';
import { confirmedRun } from './helpers.ts';
import { capture, makeTarget, outDirOf, removeTarget } from './run-phase.ts';

const reported = (f: ReturnType<typeof makeFinding>): ReportedFinding => ({ finding: f, verdict: 'confirmed', tier: 'T2', severity: f.severity, confidence: f.confidence }) as ReportedFinding;
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

test('generated bundles: a copy is named exactly where the cited lines stand once, whole and in order', () => {
  const random = prng(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['value', 'options', 'target', 'source', 'result', 'path', 'key', 'callback', 'input'];
  const statement = () => `${pick(['const', 'let', 'return', 'if (', 'exec(', ''])} ${pick(words)}${pick(['.', '[', ' = ', ' + '])}${pick(words)}${pick(['', '()', ')', ';'])}`;
  let named = 0;
  let ambiguous = 0;
  for (let round = 0; round < 200; round++) {
    const why = `round ${round}`;
    const modules = Array.from({ length: 2 + Math.floor(random() * 4) }, (_, m) => ({ file: `src/m${m}.js`, lines: Array.from({ length: 4 + Math.floor(random() * 8) }, statement) }));
    // Findings cite one or two lines of a module; some share their text with another module's.
    const findings = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const m = pick(modules);
      const line = Math.floor(random() * (m.lines.length - 1));
      const span = random() < 0.7 ? 1 : 2;
      const quote = m.lines.slice(line, line + span).join('\n');
      return reported(makeFinding({ file: m.file, symbol: `f${line}`, subject: `${m.file}:${line}`, line: line + 1, quote }));
    });
    const copies: BuildCopy[] = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, c) => {
      const parts = modules.flatMap((m) => (random() < 0.3 ? [] : random() < 0.2 ? [m, m] : [m]));
      const indent = pick(['', '  ', '\t']);
      return { file: `dist/b${c}.js`, text: ['(function () {', ...parts.flatMap((m) => [`// ${m.file}`, ...m.lines.map((l) => indent + l)]), '})();'].join('\n') };
    });
    const out = relateUnreadCopies(findings, copies);
    assert.deepEqual(out.map((f) => f.finding), findings.map((f) => f.finding), `${why}: findings kept, in order, unchanged`);
    for (const [i, f] of out.entries()) {
      const cited = findings[i]!.finding.evidence[0]!.quote.split('\n').map(norm);
      const long = cited.join('').replace(/\s/g, '').length >= MIN_CITED_CHARS;
      const shared = findings.some((g) => g.finding.file !== f.finding.file && g.finding.evidence[0]!.quote.split('\n').map(norm).join('\n') === cited.join('\n'));
      const expected = copies.flatMap((c) => {
        const lines = c.text.split('\n').map(norm);
        const at = lines.flatMap((_, s) => (cited.every((q, k) => lines[s + k] === q) ? [s] : []));
        if (long && !shared && at.length > 1) ambiguous++;
        return long && !shared && at.length === 1 ? [{ file: c.file, startLine: at[0]! + 1, endLine: at[0]! + cited.length, copy: 'unread' }] : [];
      });
      assert.deepEqual(f.relatedLocations ?? [], expected, why);
      named += expected.length;
    }
  }
  // The generator reaches both sides: copies named, and copies holding the lines twice left out.
  assert.ok(named > 100 && ambiguous > 20, `named ${named}, ambiguous ${ambiguous}`);
});

test('known edges: short or minified text, text two files share, a copy already listed', () => {
  const long = "exec('git checkout ' + options.branch, callback);";
  const copy = { file: 'dist/all.js', text: ['x();', `  ${long}`, '  done(value);', 'y();'].join('\n') };
  const one = reported(makeFinding({ file: 'src/a.js', symbol: 'a', subject: 'a', line: 4, quote: long }));
  assert.deepEqual(relateUnreadCopies([one], [copy])[0]!.relatedLocations, [{ file: 'dist/all.js', startLine: 2, endLine: 2, copy: 'unread' }]);
  const short = reported(makeFinding({ file: 'src/a.js', symbol: 'a', subject: 'b', line: 3, quote: 'done(value);' }));
  assert.equal(citedLines(short), undefined, 'too short to say where its copy is');
  assert.equal(relateUnreadCopies([short], [copy])[0]!.relatedLocations, undefined);
  const twin = reported(makeFinding({ file: 'src/b.js', symbol: 'b', subject: 'c', line: 9, quote: long }));
  assert.deepEqual(relateUnreadCopies([one, twin], [copy]).map((f) => f.relatedLocations), [undefined, undefined], 'two sources, one copy: neither');
  const minified = reported(makeFinding({ file: 'src/a.js', symbol: 'a', subject: 'd', line: 1, quote: `${long}${';a=b'.repeat(120)}` }));
  assert.equal(citedLines(minified), undefined);
  const listed = { ...one, relatedLocations: [{ file: 'dist/all.js', startLine: 2, endLine: 2, fingerprint: 'ab'.repeat(8), findingId: 'BH-abababab' }] };
  assert.deepEqual(relateUnreadCopies([listed], [copy])[0]!.relatedLocations, listed.relatedLocations, 'an analysed copy is not listed again');
  assert.deepEqual(relateUnreadCopies([one], [{ ...copy, text: `${copy.text}\n${long}` }])[0]!.relatedLocations, undefined, 'twice in the copy: not told apart');
});

function unreadReport() {
  const quote = "exec('ping -c 1 ' + req.query.host, done);";
  const src = makeFinding({ file: 'lib/ping.js', symbol: 'ping', subject: 'host', line: 3, quote, ruleId: 'command-injection' });
  src.cwe = 'CWE-78';
  const scanReport = confirmedRun([['lib/ping.js']], [src], { buildCopies: [{ file: 'dist/app.js', text: `(function () {\n\n\n\n    ${quote}\n})();\n` }] });
  return { scanReport, src };
}

test('every view names the unread copy; the report validates and so does its SARIF', (t: TestContext) => {
  const { scanReport, src } = unreadReport();
  assert.deepEqual(validate(ScanReport, scanReport), { ok: true });
  const [one] = scanReport.findings;
  assert.equal(one!.finding.fingerprint, src.fingerprint);
  assert.deepEqual(one!.relatedLocations, [{ file: 'dist/app.js', startLine: 5, endLine: 5, copy: 'unread' }]);
  assert.match(renderShow(one!, { colour: false }), /Also in builds and bundles[^\n]*\n\s*dist\/app\.js:5\s+build copy, not scanned/);
  assert.match(renderMarkdown(scanReport), /- `dist\/app\.js:5` \(build copy, not scanned: the same lines\)/);
  assert.match(String(findingBody(one!, { report: scanReport, context: new Map() })), /<li><code>dist\/app\.js:5<\/code> \(build copy, not scanned: the same lines\)<\/li>/);
  const log = renderSarif(scanReport) as { runs: { results: { relatedLocations: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] };
  const copy = log.runs[0]!.results[0]!.relatedLocations.find((r) => r.physicalLocation.artifactLocation.uri === 'dist/app.js');
  assert.equal(copy?.physicalLocation.region.startLine, 5);
  assert.match(copy!.message.text, /did not analyse/);
  assertNoProblems(t, validateSarif(tempDir(t, 'bh-unread-sarif-'), log));
});

test('the copies read: generated script skips only, inside the target, within the size cap, and none without findings', (t: TestContext) => {
  const dir = tempDir(t, 'bh-build-copies-');
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist/a.js'), 'a();\n');
  writeFileSync(join(dir, 'dist/a.css'), 'a {}\n');
  writeFileSync(join(dir, 'dist/big.js'), 'x'.repeat(MAX_COPY_BYTES + 1));
  writeFileSync(join(dir, 'vendor.js'), 'v();\n');
  const outside = tempDir(t, 'bh-outside-');
  writeFileSync(join(outside, 'secret.js'), 'secret();\n');
  symlinkSync(join(outside, 'secret.js'), join(dir, 'dist/link.js'));
  const skipped = [
    { path: 'dist/a.js', reason: 'generated' as const },
    { path: 'dist/a.css', reason: 'generated' as const },
    { path: 'dist/big.js', reason: 'generated' as const },
    { path: 'dist/link.js', reason: 'generated' as const },
    { path: 'dist/gone.js', reason: 'generated' as const },
    { path: 'vendor.js', reason: 'vendored' as const },
    { path: 'build/', reason: 'generated' as const },
  ];
  assert.deepEqual(readBuildCopies(dir, { skipped }, 1), [{ file: 'dist/a.js', text: 'a();\n' }]);
  assert.deepEqual(readBuildCopies(dir, { skipped }, 0), []);
  rmSync(outside, { recursive: true, force: true });
});

test('a copy is only ever a path the report can carry: a skipped name it could not hold is not read', (t: TestContext) => {
  // Triage lists a generated file under any name the file system allows; scan-report.json's paths (RepoPath) hold no
  // backslash. Were such a copy read, the finding's related location would fail the report's own schema.
  const dir = tempDir(t, 'bh-build-names-');
  mkdirSync(join(dir, 'dist'));
  const names = ['dist/a\\b.js', 'dist/plain.js', 'dist/with space.js', 'dist/ünï.js', 'dist/\\lead.js', 'dist/tail\\.js'];
  for (const name of names) writeFileSync(join(dir, name), 'a();\n');
  const copies = readBuildCopies(dir, { skipped: names.map((path) => ({ path, reason: 'generated' as const })) }, 1);
  assert.deepEqual(copies.map((c) => c.file), ['dist/plain.js', 'dist/with space.js', 'dist/ünï.js']);
  for (const c of copies) assert.deepEqual(validate(RepoPath, c.file), { ok: true }, c.file);
  // Through the join: a finding whose line stands in a copy of each name validates, and names only the carried ones.
  const line = "exec('ping -c 1 ' + req.query.host, done);";
  const src = makeFinding({ file: 'lib/ping.js', symbol: 'ping', subject: 'host', line: 3, quote: line, ruleId: 'command-injection' });
  const report = confirmedRun([['lib/ping.js']], [src], { buildCopies: names.map((file) => ({ file, text: `${line}\n` })).filter((c) => copies.some((k) => k.file === c.file)) });
  assert.deepEqual(validate(ScanReport, report), { ok: true });
  assert.deepEqual(report.findings[0]!.relatedLocations?.map((r) => r.file), copies.map((c) => c.file));
});

test('from the CLI: a committed dist/ copy of the vulnerable handler is named beside the source finding', async () => {
  const handler = ['const { exec } = require("child_process");', 'module.exports = (app) => {', '  app.get("/ping", (req, res) => {', '    exec("ping -c 1 " + req.query.host, (err, out) => res.send(out));', '  });', '};', ''].join('\n');
  const target = makeTarget({
    'package.json': '{ "name": "pinger", "version": "1.0.0", "dependencies": { "express": "4.21.2" } }\n',
    'src/routes.js': handler,
    'dist/bundle.js': `/* built */\n(function () {\n${handler.split('\n').map((l) => `  ${l}`).join('\n')}\n})();\n`,
  });
  try {
    const io = capture(target);
    assert.equal(await main(['scan', target, '--no-cache'], io), 1, io.err.join(''));
    const report = readArtifact(outDirOf(target), 'scan-report');
    const found = report.findings.filter((f) => f.finding.ruleId === 'command-injection');
    assert.deepEqual(found.map((f) => [f.finding.file, f.finding.startLine, f.relatedLocations]), [['src/routes.js', 4, [{ file: 'dist/bundle.js', startLine: 6, endLine: 6, copy: 'unread' }]]]);
  } finally {
    removeTarget(target);
  }
});
