// The one definition of "found" for both corpora (today's cases.json and SecBench.js), pure (issue #41):
// - found: a REPORTED finding (confirmed, T1 or T2: isReported) of the case's class cites the sink file within
//   SINK_LINE_TOLERANCE lines of the sink line;
// - seen, not reported: only a manual-review candidate of the class is there (counted apart, never as found);
// - still flagged: a reported finding of the class lies in the sink's function located in the fixed version,
//   or anywhere in the sink file when the function is gone (measured only on cases with a fixed version).
import type { VulnClass } from './corpus.ts';

/** Lines either side of the sink line a finding may start or end at and still count as at the sink. */
export const SINK_LINE_TOLERANCE = 3;

/** One finding as the benchmark keeps it from a scan report. */
export interface RecordedFinding {
  file: string;
  startLine: number;
  endLine: number;
  verdict: string;
  tier: string;
  reported: boolean;
  category: string;
  ruleId?: string;
  cwe?: string;
  severity: string;
  claim: string;
  /** Not reported: why, from the scan report (the refuting seats and their reasons, or the referee's reasoning). */
  why?: string;
  /** Hidden by a suppression. */
  suppressed?: boolean;
  /** The same finding's copies in bundles of its file (the report keeps one finding at the source). */
  related?: { file: string; startLine: number; endLine: number }[];
}

/**
 * A sink located in one fetched version. In the vulnerable version: the file and the line (the function's lines
 * may be kept for display; they do not widen the match). In the fixed version: no line, the sink function's lines
 * when it is still there, else only the file.
 */
export interface LocatedSink {
  file: string;
  line?: number;
  functionStart?: number;
  functionEnd?: number;
}

// CWE ids and categories that name each class. A finding with a CWE must carry one of the class's CWEs;
// one without a CWE (a model finding) must carry one of its categories.
const CLASS_CWES: Record<VulnClass, readonly string[]> = {
  'command-injection': ['CWE-78', 'CWE-77', 'CWE-88'],
  'code-injection': ['CWE-94', 'CWE-95', 'CWE-96'],
  'path-traversal': ['CWE-22', 'CWE-23', 'CWE-36', 'CWE-73'],
  'zip-slip': ['CWE-22', 'CWE-23', 'CWE-29', 'CWE-59'],
  'prototype-pollution': ['CWE-1321', 'CWE-915'],
  redos: ['CWE-1333', 'CWE-400', 'CWE-185', 'CWE-730'],
  ssrf: ['CWE-918'],
  'open-redirect': ['CWE-601'],
  'nosql-injection': ['CWE-943', 'CWE-89'],
  xss: ['CWE-79', 'CWE-80', 'CWE-116'],
  'unsafe-deserialization': ['CWE-502', 'CWE-94', 'CWE-95'],
  'weak-crypto': ['CWE-327', 'CWE-328', 'CWE-330', 'CWE-338', 'CWE-916', 'CWE-759', 'CWE-760'],
  'jwt-verification': ['CWE-347', 'CWE-345', 'CWE-287', 'CWE-1390'],
};
const CLASS_CATEGORIES: Record<VulnClass, readonly string[]> = {
  'command-injection': ['injection', 'command-injection'],
  'code-injection': ['injection', 'code-injection'],
  'path-traversal': ['path-traversal'],
  'zip-slip': ['path-traversal', 'zip-slip'],
  'prototype-pollution': ['prototype-pollution'],
  redos: ['redos'],
  ssrf: ['ssrf', 'injection'],
  'open-redirect': ['open-redirect', 'injection'],
  'nosql-injection': ['nosql-injection', 'injection'],
  xss: ['xss', 'injection'],
  'unsafe-deserialization': ['deserialization', 'unsafe-deserialization', 'injection'],
  'weak-crypto': ['secrets', 'crypto', 'weak-crypto'],
  'jwt-verification': ['secrets', 'authentication', 'jwt-verification'],
};

export function classCompatible(finding: Pick<RecordedFinding, 'cwe' | 'category'>, cls: VulnClass): boolean {
  if (finding.cwe) return CLASS_CWES[cls].includes(finding.cwe);
  return CLASS_CATEGORIES[cls].includes(finding.category);
}

function overlaps(a1: number, a2: number, b1: number, b2: number): boolean {
  return a1 <= b2 && b1 <= a2;
}

/**
 * Whether one finding is at the sink: same file, compatible class, and — with a sink line — within
 * SINK_LINE_TOLERANCE lines of it; without one (a fixed version) inside the sink's function, or anywhere in
 * the file when the function is gone.
 */
export function matchesSink(finding: RecordedFinding, sink: LocatedSink, cls: VulnClass): boolean {
  if (!classCompatible(finding, cls)) return false;
  // A bundle copy folded into the source finding cites its own file and lines: the sink may be in the bundle.
  return [finding, ...(finding.related ?? [])].some((at) => locationAtSink(at, sink));
}

function locationAtSink(at: { file: string; startLine: number; endLine: number }, sink: LocatedSink): boolean {
  if (at.file !== sink.file) return false;
  if (sink.line !== undefined) return overlaps(at.startLine, at.endLine, sink.line - SINK_LINE_TOLERANCE, sink.line + SINK_LINE_TOLERANCE);
  if (sink.functionStart !== undefined && sink.functionEnd !== undefined) return overlaps(at.startLine, at.endLine, sink.functionStart, sink.functionEnd);
  return true;
}

/** A manual-review candidate: shown to a person as a lead, never counted as found. */
export function isReviewCandidate(f: RecordedFinding): boolean {
  return !f.reported && f.verdict === 'manual-review' && f.suppressed !== true;
}

export type SinkStatus = 'found' | 'seen' | 'missed';

/** The vulnerable version's status at its sinks (the sink and any copies): found, seen (not reported) or missed. */
export function sinkStatus(findings: readonly RecordedFinding[], sinks: readonly LocatedSink[], cls: VulnClass): SinkStatus {
  const at = (f: RecordedFinding) => sinks.some((sink) => sink.line !== undefined && matchesSink(f, sink, cls));
  if (findings.some((f) => f.reported && at(f))) return 'found';
  if (findings.some((f) => isReviewCandidate(f) && at(f))) return 'seen';
  return 'missed';
}

/** Whether the fixed version is still flagged: a reported finding of the class in the sink's function (or file). */
export function stillFlagged(findings: readonly RecordedFinding[], fixedSinks: readonly LocatedSink[], cls: VulnClass): boolean {
  return findings.some((f) => f.reported && fixedSinks.some((sink) => matchesSink(f, { file: sink.file, ...(sink.functionStart !== undefined && sink.functionEnd !== undefined ? { functionStart: sink.functionStart, functionEnd: sink.functionEnd } : {}) }, cls)));
}
