// Change gates and the unified diff of a fix, computed with the `diff` package. Pure.
import { createTwoFilesPatch, structuredPatch } from 'diff';
import type { Gates } from '../../artifacts/schemas/fix.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface ChangeStats {
  files: number;
  added: number;
  removed: number;
}

export function changeStats(files: Map<string, { before: string; after: string }>): ChangeStats {
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [path, { before, after }] of files) {
    if (before === after) continue;
    changed++;
    for (const hunk of structuredPatch(path, path, before, after, '', '', { context: 0 }).hunks) {
      for (const line of hunk.lines) {
        if (line.startsWith('+')) added++;
        else if (line.startsWith('-')) removed++;
      }
    }
  }
  return { files: changed, added, removed };
}

export interface GateCheck {
  gate: 'files' | 'changed-lines' | 'net-deletions' | 'gross-deletions';
  passed: boolean;
  /** The measured figure. */
  figure: number;
  limit: number;
  detail: string;
}

/** Every size gate with its figure, in the order they are reported. */
export function gateChecks(stats: ChangeStats, gates: Gates): GateCheck[] {
  const check = (gate: GateCheck['gate'], figure: number, limit: number, what: string): GateCheck => ({ gate, passed: figure <= limit, figure, limit, detail: `${figure} ${what} (gate ${limit})` });
  return [
    check('files', stats.files, gates.maxFiles, 'files changed'),
    check('changed-lines', stats.added + stats.removed, gates.maxChangedLines, 'lines changed'),
    check('net-deletions', stats.removed - stats.added, gates.maxNetDeletions, 'net lines deleted'),
    check('gross-deletions', stats.removed, gates.maxGrossDeletions, 'lines deleted'),
  ];
}

/** Null when within the gates, else which gate it broke. */
export function gateViolation(stats: ChangeStats, gates: Gates): string | null {
  return gateChecks(stats, gates).find((c) => !c.passed)?.detail ?? null;
}

/** A git-style unified diff (a/ and b/ prefixes) over every changed file, in path order. */
export function unifiedDiff(files: Map<string, { before: string; after: string }>): string {
  return [...files]
    .filter(([, f]) => f.before !== f.after)
    .sort(([a], [b]) => compareText(a, b))
    .map(([path, f]) => createTwoFilesPatch(`a/${path}`, `b/${path}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^(---|\+\+\+) (\S+)\t\n/gm, '$1 $2\n'))
    .join('');
}
