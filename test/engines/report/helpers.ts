// Builders for a small, schema-valid run: triage, plan, hunter findings, skeptic, referee, verification.
// Findings come from makeFinding (test/helpers/builders.ts): the fingerprint ignores line numbers.
import type { AdaptivePlan } from '../../../src/artifacts/schemas/adaptive-plan.ts';
import type { Finding, RunIdentity } from '../../../src/artifacts/schemas/common.ts';
import type { HunterFindings } from '../../../src/artifacts/schemas/hunter-findings.ts';
import type { Suppressions } from '../../../src/artifacts/schemas/memory.ts';
import type { Referee, RefereeVerdict } from '../../../src/artifacts/schemas/referee.ts';
import type { Skeptic } from '../../../src/artifacts/schemas/skeptic.ts';
import type { Triage } from '../../../src/artifacts/schemas/triage.ts';
import type { VerificationReport } from '../../../src/artifacts/schemas/verification-report.ts';
import type { Reproductions } from '../../../src/artifacts/schemas/reproductions.ts';
import type { Coverage } from '../../../src/artifacts/schemas/coverage.ts';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { stamp } from '../../../src/artifacts/stamp.ts';
import { joinReport, type JoinInputs } from '../../../src/engines/report/join.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { identity } from '../../helpers/builders.ts';

export const NOW = '2025-01-01T00:00:00.000Z';

function header<N extends string>(name: N, run: RunIdentity) {
  return { schemaVersion: 1 as const, artifact: name, run, generatedAt: NOW };
}

export function triageOf(files: string[][], run = identity(), skipped: Triage['skipped'] = []): Triage {
  const all = files.flat();
  return {
    ...header('triage', run),
    listing: 'git',
    includeTests: false,
    maxFileBytes: 1_000_000,
    tokenEstimate: 'bytes/4',
    files: all.map((path) => ({ path, language: 'typescript', bytes: 10, lines: 10, tokens: 10, sha256: sha256(path), isTest: false, hasTest: false, risk: 1, signals: [] })),
    skipped,
    skippedCounts: Object.fromEntries([...new Set(skipped.map((s) => s.reason))].map((r) => [r, skipped.filter((s) => s.reason === r).length])),
    languages: { typescript: all.length },
    chunks: files.map((f, i) => ({ id: `chunk-${String(i + 1).padStart(3, '0')}`, files: f, tokens: 10, risk: 1, oversized: false })),
    totals: { files: all.length, lines: 10 * all.length, tokens: 10 * all.length, skipped: skipped.length, chunkTokenBudget: 1000 },
  };
}

export function planOf(triage: Triage, run = identity(), chunkOrder = triage.chunks.map((c) => c.id)): AdaptivePlan {
  return {
    ...header('adaptive-plan', run),
    requestedProfile: 'auto',
    profile: 'balanced',
    mode: 'small',
    limits: { concurrency: 1, chunkTokenBudget: 1000, maxChunks: chunkOrder.length || 1, lenses: ['injection'], refuters: 3, rereadSeverities: [], tokenBudget: null },
    overrides: [],
    reasons: ['test'],
    chunkOrder,
    deferredChunks: triage.chunks.map((c) => c.id).filter((id) => !chunkOrder.includes(id)),
  };
}

export function hunterOf(findings: Finding[], chunks: HunterFindings['chunks'], run = identity()): HunterFindings {
  return { ...header('hunter-findings', run), findings, chunks };
}

export function doneChunks(triage: Triage, status: 'done' | 'failed' | 'unreviewed' = 'done'): HunterFindings['chunks'] {
  return triage.chunks.map((c) => ({ chunkId: c.id, status, lenses: ['security'], engine: 'static', rejected: [], ...(status === 'done' ? {} : { error: 'worker crashed' }) }));
}

export function skepticOf(findings: Finding[], run = identity()): Skeptic {
  return {
    ...header('skeptic', run),
    reviews: findings.map((f) => ({ findingId: f.id, outcome: 'survived', refutations: [{ seat: 'guards', engine: 'static', vote: 'upheld', reason: 'no guard on the path' }] })),
  };
}

export function refereeOf(verdicts: Record<string, RefereeVerdict['verdict']>, findings: Finding[], run = identity()): Referee {
  return {
    ...header('referee', run),
    verdicts: findings.map((f) => ({ findingId: f.id, verdict: verdicts[f.id] ?? 'confirmed', severity: f.severity, confidence: 0.9, reasoning: 'input flows to the sink', reread: true, engine: 'static' })),
  };
}

// A CVSS 3.1 vector in each band: 9.8 critical, 8.1 high, 6.5 medium, 1.8 low, 0.0 none (info).
export const VECTOR_IN_BAND: Record<RefereeVerdict['severity'], string> = {
  critical: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  high: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N',
  medium: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N',
  low: 'CVSS:3.1/AV:L/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N',
  info: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N',
};

/** The referee scores each security finding in the band of the severity it gives: the report's severity of a scored
 * finding is its band, so a test about another matter keeps the severities it states. */
export function scoredAtTheirSeverity(referee: Referee): Referee {
  return { ...referee, verdicts: referee.verdicts.map((v) => ({ ...v, cvss: { vector: VECTOR_IN_BAND[v.severity], reason: 'scored at the severity the test gives it' } })) };
}

export function verificationOf(reproduced: string[], run = identity()): VerificationReport {
  return {
    ...header('verification-report', run),
    sandbox: { backend: 'bwrap', available: true },
    baseline: { status: 'green', failingTests: [] },
    checks: reproduced.map((id) => ({ name: `repro-${id}`, argv: ['node', '--test', `repro/${id}/repro.test.js`], required: false, status: 'FAIL', exitCode: 1, durationMs: 5, outputTail: 'AssertionError', findingIds: [id], confidenceDelta: 0.1 })),
    fixerAuthorised: true,
  };
}

export function reproductionsOf(reproduced: string[], run = identity()): Reproductions {
  return {
    ...header('reproductions', run),
    reproductions: reproduced.map((id) => ({ findingId: id, outcome: 'reproduced', reason: 'failed for the bug’s own reason, twice', attempts: 1, dir: `repro/${id}/` })),
  };
}

export function noSuppressions(): Suppressions {
  return { schemaVersion: 1, artifact: 'suppressions', entries: [] };
}

/** joinReport's bodies stamped as the report phase's driver stamps them: the stored scan-report and coverage. */
export function joinStamped(inputs: JoinInputs & { now?: Date }): { scanReport: ScanReport; coverage: Coverage } {
  const { now, ...join } = inputs;
  const { scanReport, coverage } = joinReport(join);
  const run = inputs.identity ?? inputs.referee.run;
  const at = (now ?? new Date()).toISOString();
  return { scanReport: stamp('scan-report', scanReport, run, at), coverage: stamp('coverage', coverage, run, at) };
}

/** The stored scan report of a run whose chunks all finished and whose findings the referee all confirmed. */
export function confirmedRun(chunks: string[][], findings: Finding[], extra: Partial<Pick<JoinInputs, 'suppressions' | 'baseline' | 'buildCopies'>> = {}): ScanReport {
  const triage = triageOf(chunks);
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf(findings, doneChunks(triage)),
    skeptic: skepticOf(findings),
    referee: refereeOf({}, findings),
    suppressions: extra.suppressions ?? noSuppressions(),
    ...(extra.baseline ? { baseline: extra.baseline } : {}),
    ...(extra.buildCopies ? { buildCopies: extra.buildCopies } : {}),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
  }).scanReport;
}
