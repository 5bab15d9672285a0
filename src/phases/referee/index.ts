// The referee phase: the only verdict. A finding the panel killed is dismissed; one nobody could review stays
// unreviewed; the rest are judged — by the model referee when one is configured, else by the static rules.
// Findings at the plan's re-read severities (the profile's rereadSeverities) are re-read from disk at the recorded
// hash before any verdict.
import type { Finding, Severity } from '../../artifacts/schemas/common.ts';
import type { RefereeVerdict } from '../../artifacts/schemas/referee.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { readerAtHashes, readSourceAtHash } from '../../engines/integrity/source.ts';
import { judgeStatic } from '../../engines/static/index.ts';
import { modelFor } from '../../phase-kit/types.ts';
import { classifyFinding } from '../../engines/security/classify.ts';
import { judgeWithModel } from './model-referee.ts';
import { beforeReading, staticVerdict, unreviewedVerdict } from './core.ts';

export const refereePhase = definePhase({
  name: 'referee',
  summary: 'decide: confirmed, dismissed or manual-review',
  // adaptive-plan for the profile's re-read severities; threat-model for the CVSS vector the model referee sees.
  reads: { triage: 'required', 'adaptive-plan': 'required', 'hunter-findings': 'required', skeptic: 'required', 'threat-model': 'optional' },
  writes: ['referee'],
  roles: ['referee'],
  async run(ctx, { triage, 'adaptive-plan': plan, 'hunter-findings': hunter, skeptic, 'threat-model': threat }) {
    const reread: ReadonlySet<Severity> = new Set(plan.limits.rereadSeverities);
    const hashes = new Map(triage.files.map((f) => [f.path, f.sha256]));
    const reviews = new Map(skeptic.reviews.map((r) => [r.findingId, r]));
    const refereeModel = modelFor(ctx, 'referee');
    // What a model referee's quotes are checked against: any file of the run, at the hash triage recorded.
    const readAtHash = readerAtHashes(ctx.target, hashes);
    // The model referee sees the derived CVSS vector of a security finding and may correct it with reasons.
    const threatModel = refereeModel ? threat : undefined;
    const decide = async (finding: Finding): Promise<RefereeVerdict> => {
      const first = beforeReading(finding, reviews.get(finding.id), Boolean(refereeModel));
      if ('verdict' in first) return first.verdict;
      const fresh = readSourceAtHash(ctx.target, finding.file, hashes.get(finding.file) ?? '');
      if (!fresh.ok) return unreviewedVerdict(finding, Boolean(refereeModel), fresh.reason);
      if (!refereeModel) return staticVerdict(finding, judgeStatic(finding, first.review.refutations), fresh.content, reread);
      try {
        return await judgeWithModel(refereeModel, finding, first.review, fresh.content, ctx.signal, classifyFinding(finding, threatModel), readAtHash);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        return unreviewedVerdict(finding, true, `referee call failed: ${(error as Error).message}`);
      }
    };
    const verdicts: RefereeVerdict[] = [];
    ctx.log.progress('referee', 0, hunter.findings.length);
    for (const finding of hunter.findings) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('interrupted');
      verdicts.push(await decide(finding));
      ctx.log.progress('referee', verdicts.length, hunter.findings.length);
    }
    return { referee: { verdicts } };
  },
});
