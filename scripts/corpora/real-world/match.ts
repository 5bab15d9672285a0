// The matching rule of the real-world benchmark, pure. A finding matches a case when it is in the sink's
// file, names a compatible class, and its line range overlaps the sink's enclosing function or comes
// within SINK_LINE_TOLERANCE lines of the sink line.
import type { VulnClass } from './corpus.ts';

/** Lines either side of the sink line that still count when the enclosing function is unknown or missed. */
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
}

/** A sink located in one fetched version: the file, the line, and the enclosing function's lines when known. */
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

/** Whether one finding is at the sink: same file, compatible class, inside the function or near the line. */
export function matchesSink(finding: RecordedFinding, sink: LocatedSink, cls: VulnClass): boolean {
  if (finding.file !== sink.file || !classCompatible(finding, cls)) return false;
  if (sink.functionStart !== undefined && sink.functionEnd !== undefined && overlaps(finding.startLine, finding.endLine, sink.functionStart, sink.functionEnd)) {
    return true;
  }
  if (sink.line !== undefined) return overlaps(finding.startLine, finding.endLine, sink.line - SINK_LINE_TOLERANCE, sink.line + SINK_LINE_TOLERANCE);
  // A fixed version whose sink function is gone: any finding of the class in the file counts.
  return sink.functionStart === undefined;
}
