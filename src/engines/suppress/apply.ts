// Marks which findings a suppression hides, and says what else the suppressions did: pure. Two kinds feed it:
// suppressions.json entries (each with its source, read by sources.ts) and inline bug-hunter-ignore comments (the
// static skeptic's vote records each one, applied or set aside). The rule of when one applies is policy.ts's.
import type { SuppressionEntry, Suppressions } from '../../artifacts/schemas/memory.ts';
import type { ReportedFinding, SuppressionNote, SuppressionSummary } from '../../artifacts/schemas/scan-report.ts';
import { rekeyed } from '../findings/rekey.ts';
import { parseSuppressionVote } from '../static/suppress.ts';
import { setAsideWhy } from './policy.ts';

/** The file every suppressions.json entry lives in, as reports name it. */
export const SUPPRESSIONS_WHERE = '.bug-hunter/suppressions.json';

export interface SourcedEntry extends SuppressionEntry {
  source: 'dismissal' | 'repository';
  /** Diff-aware scans only: the entry was in the file at the diff's base commit. */
  atBase?: boolean;
}

export interface SourcedSuppressions {
  entries: SourcedEntry[];
  /** --no-repo-suppressions. */
  ignoreRepository: boolean;
  /** Diff-aware scans: the base commit the entries were compared with. */
  diffBase?: string;
}

/** Sets `suppressed` on each finding a suppression hides (clearing any earlier mark), in place; returns the rest. */
export function applySuppressionMarks(findings: ReportedFinding[], set: SourcedSuppressions): SuppressionSummary {
  const notApplied: SuppressionNote[] = [];
  for (const f of findings) {
    delete f.suppressed;
    markInline(f, notApplied);
  }
  const byFingerprint = new Map(rekeyed(set.entries, findings.map((f) => f.finding)).map((e) => [e.fingerprint, e]));
  const used = new Set<SourcedEntry>();
  for (const f of findings) {
    const entry = byFingerprint.get(f.finding.fingerprint);
    if (!entry) continue;
    used.add(entry);
    const why = setAsideWhy(entry.source, { ignoreRepository: set.ignoreRepository, addedByChange: entry.atBase === false, findingInChange: f.inDiff === true });
    if (why) notApplied.push({ ...noteOf(entry), findingId: f.finding.id, why });
    else f.suppressed ??= { reason: entry.reason, by: entry.by, at: entry.at, source: entry.source, where: SUPPRESSIONS_WHERE };
  }
  const unused = [...byFingerprint.values()].filter((e) => !used.has(e)).map(noteOf);
  return { ignoreRepository: set.ignoreRepository, ...(set.diffBase ? { diffBase: set.diffBase } : {}), unused, notApplied };
}

function noteOf(entry: SourcedEntry): SuppressionNote {
  return { source: entry.source, where: SUPPRESSIONS_WHERE, reason: entry.reason, fingerprint: entry.fingerprint };
}

// The skeptic's `suppression` seat: refuted means the comment applied; abstained with a why means it was set aside.
function markInline(f: ReportedFinding, notApplied: SuppressionNote[]): void {
  for (const vote of f.skepticReasoning) {
    if (vote.seat !== 'suppression') continue;
    const parsed = parseSuppressionVote(vote.reason);
    if (!parsed) continue;
    const where = `${f.finding.file}:${parsed.line}`;
    if (parsed.why) notApplied.push({ source: 'inline', where, reason: parsed.reason, findingId: f.finding.id, why: parsed.why });
    else if (vote.vote === 'refuted') f.suppressed = { reason: parsed.reason, by: `bug-hunter-ignore comment at ${where}`, source: 'inline', where };
  }
}

/** The marks of findings that came from an earlier report (a shard's), as a sourced set: merge re-applies them. */
export function sourcedFromMarks(findings: readonly ReportedFinding[], base: Omit<SourcedSuppressions, 'entries'>): SourcedSuppressions {
  const entries = new Map<string, SourcedEntry>();
  for (const f of findings) {
    const s = f.suppressed;
    if (!s || s.source === 'inline' || entries.has(f.finding.fingerprint)) continue;
    entries.set(f.finding.fingerprint, {
      fingerprint: f.finding.fingerprint,
      findingId: f.finding.id,
      reason: s.reason,
      by: s.by || 'unknown',
      at: s.at ?? new Date(0).toISOString(),
      source: s.source ?? 'dismissal',
    });
  }
  return { ...base, entries: [...entries.values()] };
}

/** A plain suppressions.json (a test's, or a caller that did not read git) as a sourced set: every entry a dismissal. */
export function asSourced(s: Suppressions | SourcedSuppressions): SourcedSuppressions {
  if ('ignoreRepository' in s) return s;
  return { entries: s.entries.map((e) => ({ ...e, source: 'dismissal' })), ignoreRepository: false };
}

/** A summary worth a place in the report: a report without suppressions and without the flag keeps the shape it had. */
export function hasSuppressionNews(s: SuppressionSummary): boolean {
  return s.ignoreRepository || s.unused.length > 0 || s.notApplied.length > 0 || s.diffBase !== undefined;
}
