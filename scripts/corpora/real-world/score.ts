// Scores real-world scans, pure: recall overall and per class, manual-review sightings (shown, never
// counted as found), fixed versions still flagged, reported findings per 1,000 lines on mature packages,
// and every reported finding for a person to judge.
import { VULN_CLASSES, type RealWorldCase, type VulnClass } from './corpus.ts';
import type { ReportStatus } from '../../../src/artifacts/schemas/scan-report.ts';
import { isReviewCandidate, matchesSink, sinkStatus, stillFlagged, type LocatedSink, type RecordedFinding } from './match.ts';

/** What one scan of one package version left behind. */
export interface ScanRecord {
  key: string;
  status: ReportStatus;
  error?: string;
  exitCode: number | null;
  lines: number;
  files: number;
  durationMs: number;
  findings: RecordedFinding[];
  /** Files the scan did not read, with why (absent in results recorded before it was kept). */
  unread?: UnreadFile[];
}

/** A file a scan did not read: a path (a folder ends in '/') and why. */
export interface UnreadFile {
  path: string;
  reason: string;
}

/** One case with its sinks located in the fetched sources and its two scans (absent when not run). */
export interface CaseInput {
  case: RealWorldCase;
  /** The sink and its `alsoAt` copies in each version; a finding at any of them counts. */
  vulnerableSinks: LocatedSink[];
  fixedSinks: LocatedSink[];
  vulnerable?: ScanRecord;
  fixed?: ScanRecord;
}

export interface CaseOutcome {
  id: string;
  class: VulnClass;
  kind: string;
  /** A reported (confirmed T1/T2) finding matches the sink in the vulnerable version. */
  found: boolean;
  /** Only a hidden manual-review finding matches the sink: a lead, not a find. */
  reviewOnly: boolean;
  /** A reported finding still matches the sink in the fixed version. */
  fixedFlagged: boolean;
  /** Flagged, and incomplete-fixes.json holds an exploit showing the fixed version still exploitable: a true finding. */
  fixShownIncomplete: boolean;
  /** Both scans completed; otherwise the case counts as missed and the run as incomplete. */
  complete: boolean;
}

export interface ClassRow {
  class: VulnClass;
  cases: number;
  found: number;
  recall: number;
  reviewOnly: number;
  fixedFlagged: number;
}

export interface JudgeRow {
  scan: string;
  role: 'vulnerable' | 'fixed' | 'mature';
  finding: RecordedFinding;
  /** The case whose sink this finding matches, if any. */
  matches?: string;
}

export interface MatureRow {
  key: string;
  lines: number;
  reported: number;
  reviewOnly: number;
  status: ScanRecord['status'];
}

export interface RealWorldScore {
  cases: CaseOutcome[];
  recall: { found: number; total: number; value: number };
  perClass: ClassRow[];
  /** Raw count and rate; `shownIncomplete` of them have evidence the fix is incomplete; `without`/`rateWithout` leave those out. */
  fixedFlagged: { count: number; total: number; rate: number; shownIncomplete: number; without: number; rateWithout: number };
  mature: { lines: number; reported: number; perKloc: number; rows: MatureRow[] };
  findings: JudgeRow[];
  /** Scans that did not complete, by key, with why. */
  failures: { key: string; error: string }[];
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

function failureOf(record: ScanRecord | undefined, key: string): { key: string; error: string } | undefined {
  if (!record) return { key, error: 'not scanned' };
  if (record.status !== 'complete') return { key, error: record.error ?? `scan ${record.status}` };
  return undefined;
}

/**
 * `shownIncomplete`: case ids whose fixed version an exploit in incomplete-fixes.json shows still exploitable; a
 * flagged fixed version among them is counted apart. A case without an entry never is.
 */
export function scoreRealWorld(inputs: readonly CaseInput[], mature: readonly ScanRecord[], shownIncomplete: ReadonlySet<string> = new Set()): RealWorldScore {
  const findings: JudgeRow[] = [];
  const failures: { key: string; error: string }[] = [];
  const cases = inputs.map((input): CaseOutcome => {
    const c = input.case;
    const at = (f: RecordedFinding, sinks: LocatedSink[]) => sinks.some((sink) => matchesSink(f, sink, c.class));
    const vuln = input.vulnerable?.findings ?? [];
    const fixed = input.fixed?.findings ?? [];
    for (const f of vuln.filter((x) => x.reported)) findings.push({ scan: `${c.package}@${c.vulnerable}`, role: 'vulnerable', finding: f, ...(at(f, input.vulnerableSinks) ? { matches: c.id } : {}) });
    for (const f of fixed.filter((x) => x.reported)) findings.push({ scan: `${c.package}@${c.fixed}`, role: 'fixed', finding: f, ...(at(f, input.fixedSinks) ? { matches: c.id } : {}) });
    const vulnFailure = failureOf(input.vulnerable, `${c.package}@${c.vulnerable}`);
    const fixedFailure = failureOf(input.fixed, `${c.package}@${c.fixed}`);
    for (const f of [vulnFailure, fixedFailure]) if (f) failures.push(f);
    const status = vulnFailure ? 'missed' : sinkStatus(vuln, input.vulnerableSinks, c.class);
    const found = status === 'found';
    const fixedFlagged = !fixedFailure && stillFlagged(fixed, input.fixedSinks, c.class);
    return {
      id: c.id,
      class: c.class,
      kind: c.kind,
      found,
      reviewOnly: status === 'seen',
      fixedFlagged,
      fixShownIncomplete: fixedFlagged && shownIncomplete.has(c.id),
      complete: !vulnFailure && !fixedFailure,
    };
  });

  const perClass = VULN_CLASSES.flatMap((cls): ClassRow[] => {
    const rows = cases.filter((c) => c.class === cls);
    if (rows.length === 0) return [];
    const found = rows.filter((c) => c.found).length;
    return [{ class: cls, cases: rows.length, found, recall: ratio(found, rows.length), reviewOnly: rows.filter((c) => c.reviewOnly).length, fixedFlagged: rows.filter((c) => c.fixedFlagged).length }];
  });

  const matureRows = mature.map((m): MatureRow => {
    const failure = failureOf(m, m.key);
    if (failure) failures.push(failure);
    for (const f of m.findings.filter((x) => x.reported)) findings.push({ scan: m.key, role: 'mature', finding: f });
    return {
      key: m.key,
      lines: m.lines,
      reported: m.findings.filter((f) => f.reported).length,
      reviewOnly: m.findings.filter(isReviewCandidate).length,
      status: m.status,
    };
  });
  const matureLines = matureRows.reduce((s, r) => s + r.lines, 0);
  const matureReported = matureRows.reduce((s, r) => s + r.reported, 0);
  const found = cases.filter((c) => c.found).length;
  const fixedFlagged = cases.filter((c) => c.fixedFlagged).length;
  const shownApart = cases.filter((c) => c.fixShownIncomplete).length;
  return {
    cases,
    recall: { found, total: cases.length, value: ratio(found, cases.length) },
    perClass,
    fixedFlagged: {
      count: fixedFlagged,
      total: cases.length,
      rate: ratio(fixedFlagged, cases.length),
      shownIncomplete: shownApart,
      without: fixedFlagged - shownApart,
      rateWithout: ratio(fixedFlagged - shownApart, cases.length),
    },
    mature: { lines: matureLines, reported: matureReported, perKloc: ratio(matureReported * 1000, matureLines), rows: matureRows },
    findings,
    failures,
  };
}
