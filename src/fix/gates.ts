// Change gates and the unified diff of a fix, computed with the `diff` package. Pure.
import { createTwoFilesPatch, structuredPatch } from 'diff';
import type { Gates } from '../artifacts/schemas/fix.ts';

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

/** Null when within the gates, else which gate it broke. */
export function gateViolation(stats: ChangeStats, gates: Gates): string | null {
  if (stats.files > gates.maxFiles) return `${stats.files} files changed (gate ${gates.maxFiles})`;
  if (stats.added + stats.removed > gates.maxChangedLines) return `${stats.added + stats.removed} lines changed (gate ${gates.maxChangedLines})`;
  if (stats.removed - stats.added > gates.maxNetDeletions) return `${stats.removed - stats.added} net lines deleted (gate ${gates.maxNetDeletions})`;
  if (stats.removed > gates.maxGrossDeletions) return `${stats.removed} lines deleted (gate ${gates.maxGrossDeletions})`;
  return null;
}

/** A git-style unified diff (a/ and b/ prefixes) over every changed file, in path order. */
export function unifiedDiff(files: Map<string, { before: string; after: string }>): string {
  return [...files]
    .filter(([, f]) => f.before !== f.after)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, f]) => createTwoFilesPatch(`a/${path}`, `b/${path}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^(---|\+\+\+) (\S+)\t\n/gm, '$1 $2\n'))
    .join('');
}
