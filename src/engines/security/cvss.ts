// CVSS 3.1 base scores from a vector, computed by ae-cvss-calculator (metaeffekt's implementation of the FIRST
// specification). The only place a score is made: a vector that does not parse or misses a base metric is refused.
import { createRequire } from 'node:module';
import type { CvssSeverity } from '../../artifacts/schemas/literals.ts';
import type { Severity } from '../../artifacts/schemas/common.ts';

// The package is a webpack bundle whose named exports Node's ESM loader cannot see: load it through require.
const { Cvss3P1 } = createRequire(import.meta.url)('ae-cvss-calculator') as typeof import('ae-cvss-calculator');

export type { CvssSeverity };
export type CvssScore = { ok: true; vector: string; baseScore: number; baseSeverity: CvssSeverity } | { ok: false; reason: string };

const BASE_VECTOR = /^CVSS:3\.1\/AV:[NALP]\/AC:[LH]\/PR:[NLH]\/UI:[NR]\/S:[UC]\/C:[NLH]\/I:[NLH]\/A:[NLH]$/;

/** The FIRST severity rating scale for a base score. */
export function severityOf(score: number): CvssSeverity {
  if (score === 0) return 'none';
  if (score < 4) return 'low';
  if (score < 7) return 'medium';
  if (score < 9) return 'high';
  return 'critical';
}

/** A finding's severity when it has a CVSS score: the score's band (a score of 0, band none, is info). A finding
 * has one severity, so a report never shows `high` beside `CVSS 9.1 critical`. */
export function severityOfBand(band: CvssSeverity): Severity {
  return band === 'none' ? 'info' : band;
}

// Scores by vector: a report scores every security finding, and a few vectors cover them all. Only vectors of the
// base form are kept, so the map holds at most the 2,592 such vectors whatever the input.
const scored = new Map<string, Readonly<CvssScore>>();

/** The base score of a vector; the same (frozen) answer for the same vector. */
export function scoreVector(vector: string): Readonly<CvssScore> {
  if (!BASE_VECTOR.test(vector)) return { ok: false, reason: `'${vector.slice(0, 80)}' is not a CVSS 3.1 base vector (CVSS:3.1/AV:_/AC:_/PR:_/UI:_/S:_/C:_/I:_/A:_, each base metric once, in order)` };
  let score = scored.get(vector);
  if (!score) {
    score = Object.freeze(computeScore(vector));
    scored.set(vector, score);
  }
  return score;
}

function computeScore(vector: string): CvssScore {
  try {
    const parsed = new Cvss3P1(vector);
    if (!parsed.isBaseFullyDefined()) return { ok: false, reason: `'${vector}' leaves a base metric undefined` };
    const base = parsed.calculateScores().base;
    if (typeof base !== 'number' || !Number.isFinite(base)) return { ok: false, reason: `no base score for '${vector}'` };
    return { ok: true, vector: parsed.toString(), baseScore: base, baseSeverity: severityOf(base) };
  } catch (error) {
    return { ok: false, reason: `'${vector}' does not parse (${(error as Error).message})` };
  }
}
