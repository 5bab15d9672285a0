// Pure parsing of git's diff output: `--name-status -z` (what changed, renames included) and `-U0` patches
// (which lines of the new version changed). No git here; changed.ts runs the commands.

import { CHANGE_STATUSES } from '../../artifacts/schemas/triage.ts';

export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** 1-based, inclusive line range of the new version. */
export interface LineRange {
  start: number;
  end: number;
}

export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** Renamed or copied: the path before. */
  from?: string;
  /** Changed lines of the new version (empty for deleted files and for content git shows no hunk for). */
  lines: LineRange[];
}

const STATUS_OF: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'type-changed' };

/** `git diff --name-status -z` → entries in git's order. Unknown or unmerged statuses count as modified. */
export function parseNameStatus(out: string): Omit<ChangedFile, 'lines'>[] {
  const tokens = out.split('\0');
  const files: Omit<ChangedFile, 'lines'>[] = [];
  for (let i = 0; i < tokens.length; ) {
    const code = tokens[i++];
    if (!code) continue;
    const status = STATUS_OF[code[0]!] ?? 'modified';
    if (status === 'renamed' || status === 'copied') {
      const from = tokens[i++];
      const path = tokens[i++];
      if (from && path) files.push({ path, status, from });
    } else {
      const path = tokens[i++];
      if (path) files.push({ path, status });
    }
  }
  return files;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A path as git prints it in a patch header: C-quoted (octal bytes of UTF-8) when it holds unusual characters. */
export function unquoteGitPath(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/**
 * `git diff -U0 --dst-prefix=b/` → changed line ranges per new path. A pure deletion marks the lines on both
 * sides of the gap: removing a guard changes what the code next to it does.
 */
export function parseChangedLines(patch: string): Map<string, LineRange[]> {
  const out = new Map<string, LineRange[]>();
  let current: LineRange[] | undefined;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) current = undefined;
    else if (line.startsWith('+++ ')) {
      const name = unquoteGitPath(line.slice(4).replace(/\t$/, ''));
      if (name === '/dev/null') current = undefined;
      else {
        const path = name.replace(/^"?b\//, '');
        current = out.get(path) ?? [];
        out.set(path, current);
      }
    } else if (current && line.startsWith('@@ ')) {
      const match = HUNK.exec(line);
      if (!match) continue;
      const start = Number(match[1]);
      const count = match[2] === undefined ? 1 : Number(match[2]);
      current.push(count === 0 ? { start: Math.max(1, start), end: start + 1 } : { start, end: start + count - 1 });
    }
  }
  return out;
}

/** Do any of `ranges` touch lines start..end (inclusive)? */
export function touchesRanges(ranges: readonly LineRange[], start: number, end: number): boolean {
  return ranges.some((r) => r.start <= end && start <= r.end);
}
