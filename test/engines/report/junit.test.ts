// --format junit: JUnit XML valid against the Ant/Jenkins JUnit.xsd (xmllint), one case per finding, hostile text escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderJunit } from '../../../src/engines/report/junit.ts';
import { xmlAttr, xmlText } from '../../../src/engines/report/xml.ts';
import { spawnCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';
import { JUNIT_XSD, validateXml } from '../../helpers/xml-schema.ts';
import { doneChunks, hunterOf, joinStamped, noSuppressions, planOf, refereeOf, scoredAtTheirSeverity, skepticOf, triageOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const HOSTILE = `a&b <c> "d" 'e' ]]> \u0000\u0001\u0008\u000b\u000c\u001f\ud800 \uffff tab\there\nnewline </testcase><x/>`;

function reportOf(verdicts: Record<string, 'confirmed' | 'manual-review' | 'dismissed'>, failOn: 'low' | 'critical' = 'low') {
  const a = makeFinding({ file: `src/${HOSTILE}.ts`, symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(x)', severity: 'high' });
  a.claim = `claim ${HOSTILE}`;
  const b = makeFinding({ file: 'src/b.ts', symbol: 'get', subject: 'id', line: 5, quote: 'q(id)', severity: 'medium', category: 'logic' });
  const findings = [a, b];
  const triage = triageOf([[a.file], ['src/b.ts']]);
  const ids = Object.fromEntries(Object.entries(verdicts).map(([k, v]) => [k === 'a' ? a.id : b.id, v]));
  const report = joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf(Object.keys(verdicts).length ? findings : [], doneChunks(triage)),
    skeptic: skepticOf(Object.keys(verdicts).length ? findings : []),
    referee: scoredAtTheirSeverity(refereeOf(ids, Object.keys(verdicts).length ? findings : [])),
    suppressions: noSuppressions(),
    options: { failOn, showSuspected: false },
    durationMs: 1234,
  }).scanReport;
  return { report, a, b };
}

function assertValid(xml: string): void {
  const v = validateXml(xml, JUNIT_XSD);
  assert.ok(v.ok, v.messages);
}

test('xmlText and xmlAttr escape the five markup characters and drop what XML 1.0 forbids', () => {
  assert.equal(xmlText(`a&b<c>"d"'e'`), 'a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  assert.equal(xmlText('x\u0000\u0007\ud800\uffffy\u{1F600}'), 'xy\u{1F600}');
  assert.equal(xmlAttr('a\tb\nc\rd'), 'a&#9;b&#10;c&#13;d');
});

test('junit: a failed case per confirmed finding at or above --fail-on, skipped for manual review; valid against JUnit.xsd with hostile text', () => {
  const { report, a, b } = reportOf({ a: 'confirmed', b: 'manual-review' });
  const xml = renderJunit(report);
  assertValid(xml);
  assert.match(xml, /<testsuite package="bug-hunter" id="0" name="bug-hunter" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d" hostname="localhost" tests="2" failures="1" errors="0" skipped="1" time="1\.234">/);
  const cases = xml.split('<testcase ').slice(1);
  const ca = cases.find((c) => c.includes(a.id))!;
  const cb = cases.find((c) => c.includes(b.id))!;
  assert.match(ca, /<failure message="high injection: claim a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos; \]\]&gt; {3}tab&#9;here/);
  assert.ok(!ca.includes('\u0000') && !ca.includes('<x/>'), 'the hostile markup stays text');
  assert.match(cb, /<skipped message="manual review: /);
  // The same finding below --fail-on critical passes: the case fails exactly when the finding fails the run.
  const lenient = renderJunit(reportOf({ a: 'confirmed', b: 'manual-review' }, 'critical').report);
  assertValid(lenient);
  assert.match(lenient, /tests="2" failures="0" errors="0" skipped="1"/);
});

test('junit: a run with no finding has one passing case "bug-hunter scan", never an empty suite', () => {
  const xml = renderJunit(reportOf({}).report);
  assertValid(xml);
  assert.match(xml, /tests="1" failures="0" errors="0" skipped="0"/);
  assert.match(xml, /<testcase name="bug-hunter scan" classname="bug-hunter" time="0"\/>/);
});

test('the schema check can fail: a document missing what JUnit.xsd requires is refused', () => {
  const xml = renderJunit(reportOf({}).report).replace(/ hostname="localhost"/, '');
  assert.equal(validateXml(xml, JUNIT_XSD).ok, false);
});

test('report --format junit --output through the real CLI: valid, one case per finding', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  assert.equal((await spawnCli(['scan', repo, '--quiet'])).code, 1);
  const file = join(tempDir(t, 'bh-junit-'), 'junit.xml');
  const run = await spawnCli(['report', repo, '--format', 'junit', '--output', file]);
  assert.equal(run.code, 0, run.stderr);
  const xml = readFileSync(file, 'utf8');
  assertValid(xml);
  assert.match(xml, /tests="2" failures="2"/);
});
