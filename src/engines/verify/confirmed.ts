// The findings the referee confirmed, with their details from hunter-findings.json: what the verify and repro
// phases act on. Pure.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';

/** The findings whose verdict is confirmed, in the hunter's order; none without referee.json. */
export function confirmedFindings(referee: Referee | undefined, findings: readonly Finding[]): Finding[] {
  if (!referee) return [];
  const confirmed = new Set(referee.verdicts.filter((v) => v.verdict === 'confirmed').map((v) => v.findingId));
  return findings.filter((f) => confirmed.has(f.id));
}
