// The pure core of `bug-hunter merge`: checks that shard runs belong together and cover every chunk exactly once,
// then joins their artifacts into the artifacts one full scan would have written. No I/O.
import type { ArtifactName } from '../../artifacts/registry.ts';
import type { Baseline } from '../../artifacts/schemas/baseline.ts';
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { Coverage } from '../../artifacts/schemas/coverage.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { bodyOf, stamp, type BodyOf } from '../../artifacts/stamp.ts';
import { IntegrityError, UsageError } from '../../foundations/errors.ts';
import { mergeByFingerprint } from '../../engines/findings/merge.ts';
import { joinReport, type JoinInputs } from '../../engines/report/join.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import { sourcedFromMarks } from '../../engines/suppress/apply.ts';
import { identityMismatches } from '../../engines/run/identity.ts';
import { chunksOfShard, shardLabel, type Shard } from '../../engines/shard/assign.ts';
import { compareText } from '../../foundations/text/compare.ts';

/** The phase artifacts a report is joined from. */
export type RunArtifacts = Pick<JoinInputs, 'triage' | 'plan' | 'hunter' | 'skeptic' | 'referee' | 'verification' | 'baseline' | 'threatModel'>;

/** One shard's run folder, as read from disk. */
export type ShardRun = RunArtifacts & { folder: string; report: ScanReport };

export type MergedRun = RunArtifacts & { scanReport: ScanReport; coverage: Coverage };

type WithShard = ShardRun & { shard: Shard };

/** Refuses shard runs that do not make one whole scan (exit 2 for what the caller passed, 3 for what does not add up). */
export function checkShards(runs: readonly ShardRun[]): WithShard[] {
  if (runs.length === 0) throw new UsageError("Name the shard run folders to merge: 'bug-hunter merge <folder>… --out <dir>'.");
  const shards = runs.map((r) => {
    if (!r.plan.shard || !r.report.shard) throw new UsageError(`${r.folder} is not a shard run (it was scanned without --shard); merge joins the runs of 'bug-hunter scan --shard i/n'.`);
    return { ...r, shard: { index: r.plan.shard.index, count: r.plan.shard.count } };
  });
  const first = shards[0]!;
  const count = first.shard.count;
  for (const r of shards) {
    if (r.shard.count !== count) throw new IntegrityError(`${r.folder} is shard ${shardLabel(r.shard)} but ${first.folder} is shard ${shardLabel(first.shard)}: the shards of one scan share n.`);
    const differs = identityMismatches(r.report.run, first.report.run);
    if (r.report.run.toolVersion !== first.report.run.toolVersion) differs.push(`tool version (${first.report.run.toolVersion} → ${r.report.run.toolVersion})`);
    if (differs.length > 0) {
      throw new IntegrityError(`${r.folder} (shard ${shardLabel(r.shard)}) is not from the same scan as ${first.folder}: ${differs.join(', ')} differ. Scan every shard at the same commit with the same flags.`);
    }
    if (hashJson(r.triage.chunks) !== hashJson(first.triage.chunks)) {
      throw new IntegrityError(`${r.folder} (shard ${shardLabel(r.shard)}) was chunked differently from ${first.folder}: the trees or triage differ. Scan every shard at the same commit with the same flags.`);
    }
  }
  checkBaselines(shards);
  const byIndex = new Map<number, WithShard>();
  for (const r of shards) {
    const twin = byIndex.get(r.shard.index);
    if (twin) throw new UsageError(`shard ${shardLabel(r.shard)} is given twice: ${twin.folder} and ${r.folder}. Pass each shard's run folder once.`);
    byIndex.set(r.shard.index, r);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const uncovered = missing.flatMap((index) => chunksOfShard(first.triage.chunks, { index, count }).map((c) => c.id));
    throw new IntegrityError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing, so ${uncovered.length ? uncovered.join(', ') : 'no chunk (but the merge still needs every shard)'} would go unscanned. Pass every shard's run folder.`,
    );
  }
  for (const r of shards) checkOwnChunks(r);
  return [...byIndex.values()].sort((a, b) => a.shard.index - b.shard.index);
}

// --baseline is part of the options, so every shard has one or none; each scanned the base for its own share only.
function checkBaselines(shards: readonly WithShard[]): void {
  const first = shards[0]!;
  for (const r of shards) {
    if (Boolean(r.baseline) !== Boolean(first.baseline) || (r.baseline && r.baseline.commit !== first.baseline!.commit)) {
      const of = (x: WithShard) => (x.baseline ? `baseline ${x.baseline.commit.slice(0, 12)}` : 'no baseline.json');
      throw new IntegrityError(`${r.folder} (shard ${shardLabel(r.shard)}) has ${of(r)} but ${first.folder} has ${of(first)}. Scan every shard with the same --baseline.`);
    }
  }
}

/** The base's fingerprints (and findings) are the union of what each shard found at the base in its share of the chunks. */
function mergedBaseline(checked: readonly WithShard[], stamped: (name: 'baseline', body: BodyOf<'baseline'>) => Baseline): Baseline | undefined {
  const head = checked[0]!.baseline;
  if (!head) return undefined;
  const { findings: _own, ...first } = bodyOf(head);
  const baselines = checked.map((r) => r.baseline!);
  const fingerprints = [...new Set(baselines.flatMap((b) => b.fingerprints))].sort();
  const detail = `the union of ${checked.length} shards' base scans (${baselines.map((b) => b.detail).join('; ')})`;
  // Only when every shard recorded them: a shard without would make the union claim less than the base had.
  const byFingerprint = baselines.every((b) => b.findings) ? new Map(baselines.flatMap((b) => b.findings!).map((f) => [f.fingerprint, f])) : undefined;
  const findings = byFingerprint ? [...byFingerprint.values()].sort((a, b) => compareText(a.fingerprint, b.fingerprint)) : undefined;
  return stamped('baseline', { ...first, fingerprints, detail, ...(findings ? { findings } : {}) });
}

// Each shard must have planned exactly its share and hunted nothing outside it, or a chunk would count twice.
function checkOwnChunks(r: WithShard): void {
  const expected = chunksOfShard(r.triage.chunks, r.shard).map((c) => c.id);
  if (hashJson(expected) !== hashJson(r.plan.shard!.chunks)) {
    throw new IntegrityError(`${r.folder}: its plan does not hold the chunks shard ${shardLabel(r.shard)} owns (${expected.join(', ') || 'none'}); re-run that shard.`);
  }
  const owned = new Set(expected);
  const stray = r.hunter.chunks.find((c) => !owned.has(c.chunkId));
  if (stray) throw new IntegrityError(`${r.folder}: shard ${shardLabel(r.shard)} hunted ${stray.chunkId}, which another shard owns, so it would be covered twice; re-run that shard.`);
}

/** Joins checked shard runs into one run's artifacts under `identity` (a new run id, the shards' commit, scope and options). */
export function mergeShards(checked: readonly WithShard[], identity: RunIdentity, now = new Date()): MergedRun {
  const first = checked[0]!;
  const at = now.toISOString();
  // The shards' artifacts arrive stamped with their own runs: each merged one is built from bodies (bodyOf takes a
  // shard's header off) and stamped here with the merged run's identity, as the driver stamps a phase's outputs.
  const stamped = <N extends ArtifactName>(name: N, body: BodyOf<N>) => stamp(name, body, identity, at);
  const order = new Map(first.triage.chunks.map((c, i) => [c.id, i]));
  const byChunk = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
  const triage = stamp('triage', bodyOf(first.triage), identity, at);
  const { shard: _shard, ...planBody } = bodyOf(first.plan);
  const plan = stamped('adaptive-plan', {
    ...planBody,
    reasons: [...first.plan.reasons.filter((r) => !r.startsWith('shard ')), `merged from ${checked.length} shards of ${first.shard.count}`],
    chunkOrder: checked.flatMap((r) => r.plan.chunkOrder).sort(byChunk),
    deferredChunks: checked.flatMap((r) => r.plan.deferredChunks).sort(byChunk),
    limits: { ...first.plan.limits, tokenBudget: sumOrNull(checked.map((r) => r.plan.limits.tokenBudget)) },
  });
  const findings = mergeByFingerprint(checked.flatMap((r) => r.hunter.findings));
  const hunter = stamped('hunter-findings', {
    findings: findings.sort((a, b) => compareText(a.file, b.file) || a.startLine - b.startLine || compareText(a.id, b.id)),
    chunks: checked.flatMap((r) => r.hunter.chunks).sort((a, b) => byChunk(a.chunkId, b.chunkId)),
    // Every shard runs the cross-file pass over the whole of triage, so the first shard's is the run's.
    ...(first.hunter.crossFile ? { crossFile: first.hunter.crossFile } : {}),
  });
  const skeptic = stamp('skeptic', { reviews: firstPerId(checked.flatMap((r) => r.skeptic.reviews)) }, identity, at);
  const referee = stamp('referee', { verdicts: firstPerId(checked.flatMap((r) => r.referee.verdicts)) }, identity, at);
  const verificationOf = checked.find((r) => r.verification)?.verification;
  const verification = verificationOf ? stamped('verification-report', bodyOf(verificationOf)) : undefined;
  const reports = checked.map((r) => r.report);
  const baseline = mergedBaseline(checked, stamped);
  // Every shard models the whole tree (recon reads all of triage), so the first shard's threat model is the run's.
  const modelOf = checked.find((r) => r.threatModel)?.threatModel;
  const threatModel = modelOf ? stamped('threat-model', bodyOf(modelOf)) : undefined;
  const joined = joinReport({
    triage,
    plan,
    hunter,
    skeptic,
    referee,
    ...(verification ? { verification } : {}),
    ...(baseline ? { baseline } : {}),
    ...(threatModel ? { threatModel } : {}),
    suppressions: sourcedFromMarks(reports.flatMap((r) => r.findings), { ignoreRepository: first.report.suppressions?.ignoreRepository ?? false }),
    options: first.report.options,
    usage: {
      inputTokens: sum(reports.map((r) => r.usage.inputTokens)),
      outputTokens: sum(reports.map((r) => r.usage.outputTokens)),
      costUsd: sum(reports.map((r) => r.usage.costUsd)),
    },
    // The shards ran side by side: the longest one is the wall time.
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    identity,
  });
  // Each shard stamped its findings from its own ledger; the merged report keeps those stamps.
  const firstSeen = new Map(reports.flatMap((r) => r.findings.flatMap((f) => (f.firstSeenRun ? [[f.finding.fingerprint, f.firstSeenRun] as const] : []))));
  for (const f of joined.scanReport.findings) {
    const seen = firstSeen.get(f.finding.fingerprint);
    if (seen) f.firstSeenRun = seen;
  }
  joined.scanReport.mergedFrom = checked.map((r) => ({ runId: r.report.run.runId, shard: shardLabel(r.shard), chunks: r.plan.shard!.chunks.length }));
  const scanReport = stamped('scan-report', joined.scanReport);
  const coverage = stamped('coverage', joined.coverage);
  return { triage, plan, hunter, skeptic, referee, ...(verification ? { verification } : {}), ...(baseline ? { baseline } : {}), ...(threatModel ? { threatModel } : {}), scanReport, coverage };
}

// The shards applied the same suppressions.json when they reported: their marks are re-applied (sourcedFromMarks).
// A file in two chunks of two shards can yield the same finding twice: one review and one verdict per finding id.
function firstPerId<T extends { findingId: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((x) => !seen.has(x.findingId) && seen.add(x.findingId));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function sumOrNull(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : sum(values as number[]);
}
