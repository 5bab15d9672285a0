import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FINGERPRINT_KEY, renderSarif } from '../../../src/engines/report/sarif.ts';
import { TOOL_VERSION } from '../../../src/foundations/version.ts';
import { assertNoProblems, validateSarifLogs } from '../../helpers/sarif-validator.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf, verificationOf, reproductionsOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const a = makeFinding({ file: 'src/server/run.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(`ls ${cmd}`)', ruleId: 'command-injection', severity: 'critical' });
const b = makeFinding({ file: 'src/db/get user.ts', symbol: 'get', subject: 'id', line: 5, quote: 'db.query("x" + id)\nreturn rows', severity: 'medium', category: 'logic' });
const c = makeFinding({ file: 'src/b.ts', symbol: 'put', subject: 'v', line: 9, quote: 'x = v.y', severity: 'low', category: 'nil-safety' });
a.cwe = 'CWE-78';
b.evidence.push({ file: 'src/db/pool.ts', startLine: 12, endLine: 12, quote: 'pool.raw = true' });
const findings = [a, b, c];

function sampleReport(showSuspected: boolean) {
  const triage = triageOf([['src/server/run.ts'], ['src/db/get user.ts', 'src/db/pool.ts'], ['src/b.ts'], ['src/z.ts']]);
  const chunks = doneChunks(triage);
  chunks[3] = { ...chunks[3]!, status: 'failed', error: 'worker crashed' };
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf(findings, chunks),
    skeptic: skepticOf(findings),
    referee: refereeOf({ [c.id]: 'manual-review' }, findings),
    verification: verificationOf([a.id]), reproductions: reproductionsOf([a.id]),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected },
    durationMs: 10,
  }).scanReport;
}

// Every log a test below gives Microsoft's validator, built here so that one run of it validates them all (a run costs
// about a second of CPU whatever it reads); each test checks its own log's share of the findings.
function sampleLog() {
  return renderSarif(sampleReport(true)) as { runs: { tool: { driver: { rules: { id: string; properties: Record<string, unknown> }[] } } }[] };
}

function baselineLogs() {
  const report = sampleReport(true);
  const plain = (renderSarif(report) as unknown as { runs: SarifRun[] }).runs[0]!;
  for (const f of report.findings) f.baseline = f.finding.id === a.id;
  return { plain, log: renderSarif(report) };
}

const gone = { fingerprint: 'f'.repeat(32), ruleId: 'js/unsafe-eval', category: 'injection', file: 'src/old.ts', startLine: 7, endLine: 8, claim: 'eval runs request text.', severity: 'high' as const, level: 'error' as const };
function absentLog() {
  const report = sampleReport(true);
  for (const f of report.findings) f.baseline = f.finding.id === a.id;
  report.baseline = { ref: 'main', commit: 'a'.repeat(40), source: 'worktree-scan', detail: 'test', new: 1, preExisting: 1, fixed: 1, absent: [gone] };
  return renderSarif(report);
}

function brokenLog() {
  const broken = renderSarif(sampleReport(true)) as { runs: { tool: { driver: Record<string, unknown> } }[] };
  delete broken.runs[0]!.tool.driver.rules;
  delete broken.runs[0]!.tool.driver.version;
  delete broken.runs[0]!.tool.driver.semanticVersion;
  return broken;
}

let validated: ReturnType<typeof validateAll>;
function validateAll() {
  const dir = mkdtempSync(join(tmpdir(), 'bh-sarif-'));
  try {
    return validateSarifLogs(dir, { sample: sampleLog(), baseline: baselineLogs().log, absent: absentLog(), broken: brokenLog(), dependencies: dependencyLog() });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
before(() => {
  validated = validateAll();
});

test("report.sarif passes Microsoft's SARIF validator (SARIF and GitHub rules) with no errors and no warnings", (t) => {
  const log = sampleLog();
  // The log under validation carries GitHub's security-severity on the security rule.
  assert.equal(typeof log.runs[0]!.tool.driver.rules.find((r) => r.id === 'command-injection')?.properties['security-severity'], 'string');
  assertNoProblems(t, validated.sample);
});

test("baselineState: new and unchanged after --baseline, absent from a run without one; still valid for Microsoft's validator", (t) => {
  const { plain, log } = baselineLogs();
  assert.ok(plain.results.every((r) => !('baselineState' in r)), 'a run without a baseline states none');
  const states = new Map((log as unknown as { runs: SarifRun[] }).runs[0]!.results.map((r) => [r.properties.findingId, r.baselineState]));
  assert.deepEqual(Object.fromEntries(states), { [a.id]: 'unchanged', [b.id]: 'new', [c.id]: 'new' });
  assertNoProblems(t, validated.baseline);
});

test("baselineState absent: a base finding gone at the head gets a result at its base location, under its own rule when the head has none; valid for Microsoft's validator", (t) => {
  const log = absentLog();
  const run = (log as unknown as { runs: SarifRun[] }).runs[0]!;
  const absent = run.results.filter((r) => r.baselineState === 'absent');
  assert.equal(absent.length, 1);
  assert.equal(absent[0]!.partialFingerprints[FINGERPRINT_KEY], gone.fingerprint);
  assert.equal(absent[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'src/old.ts');
  assert.equal(absent[0]!.locations[0]!.physicalLocation.region.startLine, 7);
  assert.equal(run.tool.driver.rules[absent[0]!.ruleIndex]?.id, 'js/unsafe-eval');
  assertNoProblems(t, validated.absent);
});

test('the validator harness catches a broken log (so the tests above can fail), among valid logs validated with it', () => {
  const levels = validated.broken.results.map((r) => `${r.level}:${r.ruleId}`);
  assert.ok(levels.includes('error:GH1018'), `expected GitHub's missing-rules error, got ${levels.join(', ')}`);
  assert.ok(levels.some((l) => l.startsWith('warning:SARIF2005')), `expected the missing-version warning, got ${levels.join(', ')}`);
  // The broken log's findings are its own: the valid logs validated in the same run do not share them.
  assert.ok(!validated.sample.results.some((r) => r.ruleId === 'GH1018'), 'the broken log\'s error is not charged to the valid one');
});

// The parts of a SARIF log these tests read.
interface Region {
  startLine: number;
  endLine: number;
  snippet?: { text: string };
}
interface PhysicalLocation {
  artifactLocation: { uri: string; uriBaseId: string };
  region: Region;
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  partialFingerprints: Record<string, string>;
  baselineState?: string;
  locations: { physicalLocation: PhysicalLocation }[];
  relatedLocations: { physicalLocation: PhysicalLocation }[];
  properties: { findingId: string };
}
interface SarifRun {
  tool: { driver: { name: string; version: string; informationUri: string; rules: { id: string }[] } };
  originalUriBaseIds: Record<string, { uri: string }>;
  invocations: { executionSuccessful: boolean; toolExecutionNotifications: { message: { text: string } }[] }[];
  results: SarifResult[];
}
const runOf = (showSuspected: boolean) => (renderSarif(sampleReport(showSuspected)) as unknown as { runs: SarifRun[] }).runs[0]!;

test('results carry rule, level by tier, fingerprint, repository-relative location and snippet', () => {
  const run = runOf(true);
  assert.equal(renderSarif(sampleReport(true)).version, '2.1.0');
  assert.equal(run.tool.driver.name, 'bug-hunter');
  assert.equal(run.tool.driver.version, TOOL_VERSION);
  assert.match(run.tool.driver.informationUri, /^https:\/\//);
  assert.match(run.originalUriBaseIds['%SRCROOT%']!.uri, /^file:\/\/\/.*\/$/);
  const byId = new Map(run.results.map((r) => [r.properties.findingId, r]));
  const ra = byId.get(a.id)!;
  assert.equal(ra.level, 'error', 'T1 critical → error');
  assert.equal(ra.ruleId, 'command-injection');
  assert.equal(run.tool.driver.rules[ra.ruleIndex]!.id, 'command-injection');
  assert.equal(ra.partialFingerprints[FINGERPRINT_KEY], a.fingerprint);
  assert.deepEqual(ra.locations[0]!.physicalLocation.artifactLocation, { uri: 'src/server/run.ts', uriBaseId: '%SRCROOT%' });
  assert.deepEqual(ra.locations[0]!.physicalLocation.region, { startLine: 3, endLine: 3, snippet: { text: 'exec(`ls ${cmd}`)' } });
  const rb = byId.get(b.id)!;
  assert.equal(rb.level, 'warning', 'T2 medium → warning');
  assert.equal(rb.locations[0]!.physicalLocation.artifactLocation.uri, 'src/db/get%20user.ts');
  assert.equal(rb.relatedLocations[1]!.physicalLocation.region.snippet?.text, 'pool.raw = true');
  assert.equal(byId.get(c.id)!.level, 'note', 'T3 → note');
  assert.equal(run.invocations[0]!.executionSuccessful, false, 'a failed chunk is not a successful run');
  assert.match(run.invocations[0]!.toolExecutionNotifications[0]!.message.text, /src\/z\.ts|chunk-004/);
  assert.equal(new Set(run.tool.driver.rules.map((r) => r.id)).size, run.tool.driver.rules.length, 'one rule per id');
});

test('manual-review findings are always in the SARIF as notes marked for review, under a rule and tag of their own', () => {
  // c waits for a person (manual-review, T3): listed without --show-suspected too, so code scanning shows it for review.
  assert.deepEqual(runOf(false).results.map((r) => r.properties.findingId).sort(), [a.id, b.id, c.id].sort());
  const run = runOf(false);
  const rc = run.results.find((r) => r.properties.findingId === c.id)!;
  assert.equal(rc.level, 'note');
  assert.deepEqual((rc.properties as { bugHunter?: unknown }).bugHunter, { review: 'manual' });
  assert.match(rc.ruleId, /\.manual-review$/);
  const rule = run.tool.driver.rules[rc.ruleIndex]! as unknown as { id: string; defaultConfiguration: { level: string }; properties: { tags: string[] } };
  assert.equal(rule.id, rc.ruleId);
  assert.equal(rule.defaultConfiguration.level, 'note');
  assert.ok(rule.properties.tags.includes('manual-review'));
  // Confirmed results carry neither the mark nor the tag.
  const ra = run.results.find((r) => r.properties.findingId === a.id)!;
  assert.equal((ra.properties as { bugHunter?: unknown }).bugHunter, undefined);
  assert.ok(!(run.tool.driver.rules[ra.ruleIndex]! as unknown as { properties: { tags: string[] } }).properties.tags.includes('manual-review'));
});

test('other T3 findings stay out of the SARIF unless suspected findings are asked for', () => {
  const report = sampleReport(false);
  for (const f of report.findings) if (f.finding.id === c.id) f.verdict = 'unreviewed';
  const ids = (renderSarif(report) as unknown as { runs: SarifRun[] }).runs[0]!.results.map((r) => r.properties.findingId);
  assert.deepEqual(ids.sort(), [a.id, b.id].sort());
});

test('a security rule carries the CVSS base score as security-severity, security/CWE/STRIDE tags and the CWE helpUri', () => {
  const report = sampleReport(true);
  const rules = (renderSarif(report) as { runs: { tool: { driver: { rules: { id: string; helpUri?: string; properties: { tags: string[]; 'security-severity'?: string } }[] } } }[] }).runs[0]!.tool.driver.rules;
  const injection = rules.find((r) => r.id === 'command-injection')!;
  const classified = report.findings.find((f) => f.finding.id === a.id)!.security!;
  assert.equal(injection.properties['security-severity'], classified.cvss.baseScore.toFixed(1));
  assert.match(injection.properties['security-severity']!, /^\d+\.\d$/);
  for (const tag of ['security', 'external/cwe/cwe-78', `external/stride/${classified.stride}`]) assert.ok(injection.properties.tags.includes(tag), tag);
  assert.equal(injection.helpUri, 'https://cwe.mitre.org/data/definitions/78.html');
  // A non-security rule gets neither the score nor a STRIDE tag.
  const logic = rules.find((r) => r.id !== 'command-injection' && r.properties.tags.includes('logic'))!;
  assert.equal(logic.properties['security-severity'], undefined);
  assert.ok(!logic.properties.tags.some((t) => t.startsWith('external/stride/')));
});

function dependencyLog() {
  const report = sampleReport(true);
  const base = {
    lockfile: 'package-lock.json',
    direct: true,
    workspaces: ['.'],
    advisory: { id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'], summary: 'Command Injection in lodash', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337', cwe: ['CWE-77'], severitySource: 'database_specific.severity HIGH' },
    severity: 'high' as const,
    vulnerableFunctions: ['template'],
    functionsSource: 'curated' as const,
    importedAt: [{ file: 'src/render.js', line: 1 }],
  };
  report.dependencies = {
    status: 'complete',
    notes: [],
    advisories: { source: 'osv', location: '/advisories', ok: true, count: 2 },
    lockfiles: [{ path: 'package-lock.json', manager: 'npm', status: 'scanned', dependencies: 5, unmatched: 0 }],
    findings: [
      { ...base, id: 'DEP-0123abcd', fingerprint: '0123abcd0123abcd', package: 'lodash', version: '4.17.15', line: 26, dev: false, path: ['app', 'lodash@4.17.15'], reachability: 'reachable', reachabilityReason: '_.template is called at src/render.js:4', callSites: [{ file: 'src/render.js', startLine: 4, endLine: 4, quote: 'const compiled = _.template(text);' }] },
      { ...base, id: 'DEP-4567abcd', fingerprint: '4567abcd4567abcd', package: 'lodash', version: '4.17.10', line: 40, dev: true, path: ['app', 'x@1.0.0', 'lodash@4.17.10'], direct: false, reachability: 'not-imported', reachabilityReason: 'none of the 3 indexed source files imports lodash', callSites: [], importedAt: [] },
    ],
    counts: { byReachability: { reachable: 1, 'not-imported': 1 }, failing: 1 },
  };
  return renderSarif(report) as unknown as { runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[]; relatedLocations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[]; tool: { driver: { rules: { id: string }[] } } }[] };
}

test("dependency findings: one result each at the lockfile entry, the call site related; valid for Microsoft's validator", (t) => {
  const log = dependencyLog();
  const deps = log.runs[0]!.results.filter((r) => r.ruleId === 'bug-hunter.dependency.GHSA-35jh-r3h4-6jhm');
  assert.equal(deps.length, 2);
  assert.deepEqual(deps.map((r) => [r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine]), [['error', 'package-lock.json', 26], ['note', 'package-lock.json', 40]]);
  assert.deepEqual(deps[0]!.relatedLocations.map((l) => [l.physicalLocation.artifactLocation.uri, l.physicalLocation.region.startLine]), [['src/render.js', 4]]);
  assert.equal(log.runs[0]!.tool.driver.rules.filter((r) => r.id.startsWith('bug-hunter.dependency.')).length, 1, 'one rule per advisory');
  assertNoProblems(t, validated.dependencies);
});
