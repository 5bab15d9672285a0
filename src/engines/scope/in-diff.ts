// Is a finding on a changed line? Pure: the finding's own lines and its evidence against the diff's changed ranges.
import type { ChangedFile } from './diff-parse.ts';
import { touchesRanges } from './diff-parse.ts';

export interface CitedLines {
  file: string;
  startLine: number;
  endLine: number;
  evidence: readonly { file: string; startLine: number; endLine: number }[];
}

/** Looks up changed files by path; an added file is changed on every line. */
export function changedLineIndex(changed: readonly Pick<ChangedFile, 'path' | 'status' | 'lines'>[]): (path: string, start: number, end: number) => boolean {
  const byPath = new Map(changed.filter((c) => c.status !== 'deleted').map((c) => [c.path, c]));
  return (path, start, end) => {
    const file = byPath.get(path);
    if (!file) return false;
    return file.status === 'added' || touchesRanges(file.lines, start, end);
  };
}

/** True when the finding's lines, or any line its evidence quotes, were changed. */
export function findingInDiff(finding: CitedLines, touched: ReturnType<typeof changedLineIndex>): boolean {
  if (touched(finding.file, finding.startLine, finding.endLine)) return true;
  return finding.evidence.some((e) => touched(e.file, e.startLine, e.endLine));
}
