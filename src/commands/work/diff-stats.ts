// What a fix changed, read from `git diff` output: per file its old and new path, lines added and removed, and
// the changed lines themselves (for the dependency gate). Pure.
import { parsePatch } from 'diff';
import type { ChangeStats } from '../../engines/fix/gates.ts';

export interface FileChange {
  /** The path after the change (the old path for a deletion). */
  path: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed';
  added: string[];
  removed: string[];
}

const strip = (name: string | undefined) => (name === undefined || name === '/dev/null' ? null : name.replace(/^[ab]\//, ''));

export function parseDiff(diffText: string): FileChange[] {
  const changes: FileChange[] = [];
  for (const patch of parsePatch(diffText)) {
    const before = strip(patch.oldFileName);
    const after = strip(patch.newFileName);
    const path = after ?? before;
    if (!path) continue;
    const lines = patch.hunks.flatMap((h) => h.lines);
    changes.push({
      path,
      status: before === null ? 'added' : after === null ? 'deleted' : before !== after ? 'renamed' : 'modified',
      added: lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
      removed: lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
    });
  }
  // Binary changes have no ---/+++ lines: count the file from its header so it cannot slip past the file gate.
  const seen = new Set(changes.map((c) => c.path));
  for (const m of diffText.matchAll(/^Binary files (?:a\/(.+?)|\/dev\/null) and (?:b\/(.+?)|\/dev\/null) differ$/gm)) {
    const path = m[2] ?? m[1];
    if (path && !seen.has(path)) changes.push({ path, status: m[2] === undefined ? 'deleted' : m[1] === undefined ? 'added' : 'modified', added: [], removed: [] });
  }
  return changes;
}

export function statsOf(changes: readonly FileChange[]): ChangeStats {
  return {
    files: changes.length,
    added: changes.reduce((n, c) => n + c.added.length, 0),
    removed: changes.reduce((n, c) => n + c.removed.length, 0),
  };
}
