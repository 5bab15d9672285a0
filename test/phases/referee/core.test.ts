// The referee phase's pure core: no verdict for what the panel could not review, the panel's kill with a model
// referee, the static verdict's re-read against the fresh source, and a model answer that may lower a severity but
// never raise it and counts only with quotes that hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beforeReading, modelVerdict, staticVerdict, type Review } from '../../../src/phases/referee/core.ts';
import { makeFinding } from '../../helpers/builders.ts';


const SOURCE = "const q = 'SELECT * FROM t WHERE id = ' + req.query.id;\n";
const FINDING = makeFinding({ file: 'src/db.ts', symbol: 'load', subject: 'id', line: 1, quote: "const q = 'SELECT * FROM t WHERE id = ' + req.query.id;", severity: 'high' });

function review(outcome: Review['outcome'], votes: Array<[string, 'upheld' | 'refuted' | 'abstained', string]>): Review {
  return { findingId: FINDING.id, outcome, refutations: votes.map(([seat, vote, reason]) => ({ seat, engine: 'static', vote, reason })) };
}

test('an unreviewed finding gets no verdict; a killed one is dismissed before reading only when a model referee is configured', () => {
  const none = beforeReading(FINDING, undefined, false);
  assert.ok('verdict' in none);
  assert.deepEqual(none.verdict, { findingId: FINDING.id, severity: 'high', engine: 'static', reread: false, verdict: 'unreviewed', confidence: 0.8, reasoning: 'Not reviewed: the skeptic panel did not review it.' });
  const killed = review('killed', [['guards', 'refuted', 'the id is parsed as an integer first'], ['source', 'upheld', 'the concatenation is there']]);
  const withModel = beforeReading(FINDING, killed, true);
  assert.ok('verdict' in withModel);
  assert.equal(withModel.verdict.verdict, 'dismissed');
  assert.equal(withModel.verdict.engine, 'model');
  assert.equal(withModel.verdict.reasoning, 'Refuted by the skeptic panel — guards: the id is parsed as an integer first.');
  assert.deepEqual(beforeReading(FINDING, killed, false), { review: killed });
});

test('at a re-read severity the static verdict holds only while the quotes are still what the file says', () => {
  const judged = { verdict: 'confirmed' as const, severity: 'high' as const, confidence: 0.9, reasoning: 'Confirmed by rule sql.', tier: 'T2' as const };
  const held = staticVerdict(FINDING, judged, SOURCE, new Set(['high']));
  assert.equal(held.verdict, 'confirmed');
  assert.equal(held.reread, true);
  assert.equal(held.reasoning, 'Confirmed by rule sql. Re-read src/db.ts:1-1: the evidence is as quoted.');
  const edited = staticVerdict(FINDING, judged, 'const q = sql`SELECT * FROM t WHERE id = ${id}`;\n', new Set(['high']));
  assert.equal(edited.verdict, 'unreviewed');
  assert.match(edited.reasoning, /^Re-read failed: /);
  const notAsked = staticVerdict(FINDING, judged, 'anything', new Set(['critical']));
  assert.deepEqual([notAsked.verdict, notAsked.reread, notAsked.reasoning], ['confirmed', false, 'Confirmed by rule sql.']);
});

test('a model answer may lower the severity but never raise it, and with unsupported quotes it is no answer', () => {
  const answer = { verdict: 'confirmed' as const, severity: 'critical' as const, confidence: 0.95, reasoning: 'The id reaches the query.', evidence: FINDING.evidence, cvssVector: '', cvssReason: '' };
  const raised = modelVerdict({ ...FINDING, severity: 'medium' }, answer, 'model:test/m', null, false);
  assert.equal(raised.severity, 'medium');
  assert.match(raised.reasoning, /proposed critical; kept at medium/);
  assert.equal(raised.tier, 'T2');
  const lowered = modelVerdict(FINDING, { ...answer, severity: 'low', verdict: 'manual-review' }, 'model:test/m', null, false);
  assert.deepEqual([lowered.severity, lowered.tier, lowered.reasoning], ['low', 'T3', 'The id reaches the query.']);
  const unsupported = modelVerdict(FINDING, answer, 'model:test/m', 'the quote at src/db.ts:9 is not in the file', false);
  assert.equal(unsupported.verdict, 'unreviewed');
  assert.equal(unsupported.severity, 'high');
  assert.match(unsupported.reasoning, /is no answer, because the quote at src\/db\.ts:9 is not in the file \(it said: confirmed, critical: /);
});

test('a corrected CVSS vector is kept as a proposal only when the referee was shown one and gave a reason', () => {
  const answer = { verdict: 'confirmed' as const, severity: 'high' as const, confidence: 0.9, reasoning: 'Real.', evidence: FINDING.evidence, cvssVector: ' CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H ', cvssReason: 'needs an admin session' };
  assert.deepEqual(modelVerdict(FINDING, answer, 'model:test/m', null, true).cvss, { vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', reason: 'needs an admin session' });
  assert.equal('cvss' in modelVerdict(FINDING, answer, 'model:test/m', null, false), false);
  assert.equal('cvss' in modelVerdict(FINDING, { ...answer, cvssReason: ' ' }, 'model:test/m', null, true), false);
});
