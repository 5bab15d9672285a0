// The one finding identity: the static engine, a model and another tool's lead give the same bug the same
// fingerprint; different bugs (class, line, a second identical line) keep different ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Lead } from '../../../src/artifacts/schemas/leads.ts';
import { bugClassOf } from '../../../src/engines/static/bug-class.ts';
import { fingerprintOf } from '../../../src/engines/static/fingerprint.ts';
import { leadFinding } from '../../../src/engines/leads/finding.ts';
import { toFinding, type HunterCandidate } from '../../../src/phases/hunter/model-answer.ts';
import { huntFile, listRules } from '../../../src/engines/static/index.ts';

const SOURCE = [
  "const { exec } = require('child_process');",
  "app.get('/ping', (req, res) => {",
  '  exec(`ping -c 1 ${req.query.host}`, (e, out) => res.send(out));',
  '});',
].join('\n');
const LINES = SOURCE.split('\n');
const SINK = 'exec(`ping -c 1 ${req.query.host}`, (e, out) => res.send(out));';

function modelCandidate(over: Partial<HunterCandidate> = {}): HunterCandidate {
  return {
    file: 'src/ping.js',
    startLine: 3,
    endLine: 3,
    symbol: 'handler',
    category: 'injection',
    severity: 'high',
    confidence: 0.8,
    claim: 'The host query parameter reaches a shell command.',
    evidence: [{ file: 'src/ping.js', startLine: 3, endLine: 3, quote: SINK }],
    runtimeTrigger: 'GET /ping?host=x;id',
    cwe: 'CWE-78',
    ...over,
  };
}

test('the static engine and a model reporting the same bug at the same line get one fingerprint', () => {
  const [fromStatic] = huntFile({ path: 'src/ping.js', content: SOURCE, language: 'javascript', isTest: false });
  assert.ok(fromStatic);
  assert.equal(fromStatic.ruleId, 'command-injection');
  const fromModel = toFinding(modelCandidate(), 'injection', 'fake/model', LINES);
  assert.equal(fromModel.fingerprint, fromStatic.fingerprint);
  assert.equal(fromModel.id, fromStatic.id);
  // Whatever the model called the function, and whether it quoted the whole line or a part of it.
  assert.equal(toFinding(modelCandidate({ symbol: '<anonymous>', evidence: [{ file: 'src/ping.js', startLine: 3, endLine: 3, quote: 'req.query.host' }] }), 'x', 'm', LINES).fingerprint, fromStatic.fingerprint);
});

test('a CWE the static rules know decides the class; without one the category does', () => {
  const base = toFinding(modelCandidate(), 'injection', 'm', LINES).fingerprint;
  assert.equal(toFinding(modelCandidate({ cwe: '' }), 'injection', 'm', LINES).fingerprint, base);
  assert.equal(toFinding(modelCandidate({ category: 'logic', cwe: 'CWE-78' }), 'logic', 'm', LINES).fingerprint, base);
  assert.equal(toFinding(modelCandidate({ category: 'logic', cwe: 'CWE-77' }), 'logic', 'm', LINES).fingerprint, base);
  assert.notEqual(toFinding(modelCandidate({ category: 'boundary', cwe: '' }), 'boundary', 'm', LINES).fingerprint, base);
  assert.equal(bugClassOf('other', 'CWE-22'), 'path-traversal');
  assert.equal(bugClassOf('boundary', 'CWE-999999'), 'boundary');
});

test('every CWE a static rule carries names one class, the category of its rules', () => {
  for (const rule of listRules()) if (rule.cwe) assert.equal(bugClassOf('other', rule.cwe), rule.category, rule.id);
});

test('another tool\'s lead at the same line and class gets the same fingerprint', () => {
  const lead: Lead = { id: 'LEAD-000000000001', source: 0, tool: 'semgrep', ruleId: 'javascript.lang.security.detect-child-process', level: 'error', message: 'child process', file: 'src/ping.js', startLine: 3, endLine: 3, cwe: ['CWE-78'], category: 'injection', status: 'candidate' };
  const built = leadFinding(lead, SOURCE);
  assert.ok(built.ok);
  assert.equal(built.finding.fingerprint, toFinding(modelCandidate(), 'injection', 'm', LINES).fingerprint);
});

test('code inserted above keeps the fingerprint; a second identical line is a second finding', () => {
  const at = (lines: string[], line: number) => fingerprintOf({ file: 'a.js', startLine: line, category: 'injection' }, lines);
  const shifted = ['// header', '', ...LINES];
  assert.equal(at(shifted, 5), at(LINES, 3));
  const twice = [...LINES, LINES[2]!];
  assert.notEqual(at(twice, 5), at(twice, 3));
  assert.equal(at(twice, 3), at(LINES, 3));
  assert.notEqual(at(LINES, 3), fingerprintOf({ file: 'b.js', startLine: 3, category: 'injection' }, LINES));
});

test('a model finding records the fingerprint the previous version gave it', () => {
  const f = toFinding(modelCandidate(), 'injection', 'm', LINES);
  // Computed by the previous version's model fingerprint (file, symbol, category, first quote): frozen on purpose.
  assert.deepEqual(f.formerFingerprints, ['e6e8ec0e82364b7c3e53a1dea9a64692']);
});
