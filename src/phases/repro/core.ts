// The repro phase's decisions, pure: which findings get a reproduction (the confirmed ones), what is recorded for a
// finding without a tester (skipped, T2), what of an attempt is kept (not its raw output) and how it is logged.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';
import type { Reproduction } from '../../artifacts/schemas/verification-report.ts';
import type { ReproResult } from '../../engines/repro/types.ts';
import { confirmedFindings } from '../../engines/verify/confirmed.ts';

/** The findings the referee confirmed, in the hunter's order. */
export function findingsToReproduce(referee: Referee, hunter: HunterFindings): Finding[] {
  return confirmedFindings(referee, hunter.findings);
}

/** Without a tester nothing is attempted: the finding stays T2 and says why. */
export function skippedReproduction(finding: Finding): Reproduction {
  return { findingId: finding.id, outcome: 'skipped', reason: 'unknown: no tester model configured', attempts: 0, tier: 'T2' };
}

/** What reproductions.json keeps of an attempt: not its last output; a promoted one gains its folder and command. */
export function recordedReproduction(result: ReproResult & { proven?: unknown }, promoted?: { dir: string; command: string }): Reproduction {
  const { lastOutput: _output, proven: _proven, ...reproduction } = result;
  return promoted ? { ...reproduction, dir: promoted.dir, command: promoted.command } : reproduction;
}

export function reproductionLine(reproduction: Reproduction): string {
  return `repro ${reproduction.findingId}: ${reproduction.outcome} after ${reproduction.attempts} attempt(s) — ${reproduction.reason}`;
}
