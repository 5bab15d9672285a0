// Why a development case was missed, by mechanism, pure: from the scan record of the vulnerable version (its
// findings with their verdicts and reasons, and the files it did not read) and the sink. One label per miss, in
// this order: the scan did not complete; the sink file was not read; a candidate of the class at the sink was
// left to manual review, dismissed, or otherwise not reported; a candidate of another class at the sink; a
// candidate of the class elsewhere in the file; no candidate of the class in the file.
import { SINK_LINE_TOLERANCE, classCompatible, type LocatedSink, type RecordedFinding } from '../real-world/match.ts';
import type { VulnClass } from '../real-world/corpus.ts';
import type { ScanRecord, UnreadFile } from '../real-world/score.ts';

export const MISS_REASONS = [
  'scan-failed',
  'file-not-read',
  'manual-review',
  'dismissed',
  'not-reported',
  'wrong-class-at-sink',
  'elsewhere-in-file',
  'no-candidate-in-file',
] as const;
export type MissReason = (typeof MISS_REASONS)[number];

export interface MissLabel {
  reason: MissReason;
  detail: string;
}

const near = (f: RecordedFinding, line: number): boolean => f.startLine <= line + SINK_LINE_TOLERANCE && f.endLine >= line - SINK_LINE_TOLERANCE;
const distance = (f: RecordedFinding, line: number): number => (line < f.startLine ? f.startLine - line : line > f.endLine ? line - f.endLine : 0);
const nameOf = (f: RecordedFinding): string => f.ruleId ?? f.category;

/** The unread entry covering a file: the file itself, or a skipped folder (ending in '/') it lies under. */
export function unreadEntry(unread: readonly UnreadFile[], file: string): UnreadFile | undefined {
  return unread.find((u) => u.path === file) ?? unread.find((u) => u.path.endsWith('/') && file.startsWith(u.path));
}

export function missReason(record: ScanRecord | undefined, sink: LocatedSink & { line: number }, cls: VulnClass): MissLabel {
  if (!record) return { reason: 'scan-failed', detail: 'not scanned' };
  if (record.status !== 'complete') return { reason: 'scan-failed', detail: record.error ?? `scan ${record.status}` };
  const unread = unreadEntry(record.unread ?? [], sink.file);
  const inFile = record.findings.filter((f) => f.file === sink.file);
  if (unread && inFile.length === 0) return { reason: 'file-not-read', detail: unread.reason };
  const ofClass = inFile.filter((f) => classCompatible(f, cls));
  const atSink = ofClass.filter((f) => near(f, sink.line) && !f.reported);
  const review = atSink.find((f) => f.verdict === 'manual-review' && f.suppressed !== true);
  if (review) return { reason: 'manual-review', detail: `${nameOf(review)}: ${review.why ?? 'no reason recorded'}` };
  const dismissed = atSink.find((f) => f.verdict === 'dismissed');
  if (dismissed) return { reason: 'dismissed', detail: `${nameOf(dismissed)}: ${dismissed.why ?? 'no reason recorded'}` };
  const other = atSink[0];
  if (other) return { reason: 'not-reported', detail: `${nameOf(other)} ${other.verdict} ${other.tier}: ${other.why ?? 'no reason recorded'}` };
  const wrong = inFile.filter((f) => near(f, sink.line) && !classCompatible(f, cls));
  if (wrong.length > 0) return { reason: 'wrong-class-at-sink', detail: [...new Set(wrong.map((f) => `${nameOf(f)}${f.cwe ? ` ${f.cwe}` : ''}`))].join(', ') };
  if (ofClass.length > 0) {
    const nearest = [...ofClass].sort((a, b) => distance(a, sink.line) - distance(b, sink.line))[0]!;
    return { reason: 'elsewhere-in-file', detail: `nearest ${distance(nearest, sink.line)} lines away: ${nameOf(nearest)} at line ${nearest.startLine} (${nearest.reported ? 'reported' : nearest.verdict})` };
  }
  return { reason: 'no-candidate-in-file', detail: inFile.length > 0 ? `${inFile.length} candidate(s) of other classes in the file, none near the sink` : 'nothing in the file' };
}
