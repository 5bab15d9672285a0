// A finding has one severity: when the report computes a CVSS score for it, the severity is the score's band,
// whatever the hunter or the referee said; a finding without a score keeps the referee's severity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinFindings } from '../../../src/engines/report/findings.ts';
import { scoreVector, severityOfBand } from '../../../src/engines/security/cvss.ts';
import { SEVERITY_ORDER, type Severity } from '../../../src/artifacts/schemas/common.ts';
import { doneChunks, hunterOf, refereeOf, skepticOf, triageOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';
import { prng } from '../../../scripts/kit/seeded-random.ts';

const VALUES: Record<string, string[]> = { AV: ['N', 'A', 'L', 'P'], AC: ['L', 'H'], PR: ['N', 'L', 'H'], UI: ['N', 'R'], S: ['U', 'C'], C: ['N', 'L', 'H'], I: ['N', 'L', 'H'], A: ['N', 'L', 'H'] };

function randomVector(next: () => number): string {
  return `CVSS:3.1/${Object.entries(VALUES).map(([m, vs]) => `${m}:${vs[Math.floor(next() * vs.length)]}`).join('/')}`;
}

function joined(severity: Severity, refereeSeverity: Severity, category: 'injection' | 'logic', vector?: string) {
  const finding = makeFinding({ file: 'src/app.js', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(cmd)', severity, category });
  const triage = triageOf([['src/app.js']]);
  const referee = refereeOf({}, [finding]);
  referee.verdicts[0]!.severity = refereeSeverity;
  if (vector) referee.verdicts[0]!.cvss = { vector, reason: 'test vector' };
  const [one] = joinFindings({ hunter: hunterOf([finding], doneChunks(triage)), skeptic: skepticOf([finding]), referee });
  return one!;
}

test('the severity of a scored finding is its CVSS band, whatever the hunter and the referee said (seeded)', () => {
  const next = prng(41);
  const bands = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const vector = randomVector(next);
    const hunter = SEVERITY_ORDER[Math.floor(next() * SEVERITY_ORDER.length)]!;
    const referee = SEVERITY_ORDER[Math.floor(next() * SEVERITY_ORDER.length)]!;
    const f = joined(hunter, referee, 'injection', vector);
    const score = scoreVector(vector);
    assert.ok(score.ok && f.security, `seed 41, case ${i}: ${vector} scores`);
    assert.equal(f.security.cvss.vector, vector, `case ${i}: the referee's vector is the one scored`);
    assert.equal(f.severity, severityOfBand(score.baseSeverity), `case ${i}: ${vector} scores ${score.baseScore} (${score.baseSeverity}); the finding said ${hunter}, the referee ${referee}`);
    bands.add(f.severity);
  }
  assert.deepEqual([...bands].sort(), ['critical', 'high', 'info', 'low', 'medium'], 'every band was exercised');
});

test('the issue example: a finding the referee called high with a 9.1 vector reads critical', () => {
  const vector = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N';
  assert.equal((scoreVector(vector) as { baseScore: number }).baseScore, 9.1);
  const f = joined('high', 'high', 'injection', vector);
  assert.equal(f.severity, 'critical');
  assert.equal(f.security?.cvss.baseSeverity, 'critical');
});

test('a finding with no CVSS score keeps the referee\'s severity (no score is made up for it)', () => {
  for (const s of SEVERITY_ORDER) {
    const f = joined('high', s, 'logic');
    assert.equal(f.security, undefined);
    assert.equal(f.severity, s);
  }
});

test('a derived score (no referee vector) decides the severity too', () => {
  const f = joined('low', 'low', 'injection');
  assert.ok(f.security);
  assert.equal(f.severity, severityOfBand(f.security.cvss.baseSeverity));
  assert.notEqual(f.severity, 'low', 'an unauthenticated injection is not low');
});
