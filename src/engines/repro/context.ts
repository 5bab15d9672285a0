// What the writer sees of the target: an excerpt around the finding and the nearest existing tests.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import type { Finding } from '../../artifacts/schemas/common.ts';
import { containPath, toPosix } from '../../foundations/fs/paths.ts';
import type { NearestTest } from './types.ts';
import { compareText } from '../../foundations/text/compare.ts';

const EXCERPT_CONTEXT_LINES = 20;
export const TEST_FILE = /(\.|_)(test|spec)\.[cm]?[jt]sx?$|^test_.*\.py$|_test\.(go|py)$/;

export function sourceExcerpt(root: string, finding: Finding): string {
  const path = containPath(root, finding.file);
  if (!path.ok) return '';
  const lines = readFileSync(path.absolute, 'utf8').split('\n');
  const from = Math.max(0, finding.startLine - 1 - EXCERPT_CONTEXT_LINES);
  const to = Math.min(lines.length, finding.endLine + EXCERPT_CONTEXT_LINES);
  return lines.slice(from, to).map((line, i) => `${from + i + 1}: ${line}`).join('\n');
}

/** Up to `max` test files, closest first: same base name, then same folder, then anywhere (skipping node_modules). */
export function nearestTests(root: string, file: string, max = 3, excerptChars = 2_000): NearestTest[] {
  const stem = basename(file, extname(file));
  const near = dirname(file);
  const all = listTests(root);
  const score = (p: string) => (basename(p).startsWith(`${stem}.`) || basename(p).startsWith(`test_${stem}`) ? 0 : dirname(p) === near ? 1 : 2);
  return all
    .sort((a, b) => score(a) - score(b) || compareText(a, b))
    .slice(0, max)
    .map((p) => ({ path: p, excerpt: readFileSync(join(root, p), 'utf8').slice(0, excerptChars) }));
}

function listTests(root: string): string[] {
  return walkFiles(root, (name) => TEST_FILE.test(name));
}

/** Repository-relative POSIX paths of files whose name `accept`s, skipping node_modules and dot-folders.
 * Symlinks are skipped: they may loop or lead out of the tree. */
export function walkFiles(root: string, accept: (name: string) => boolean, limit = 5_000): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (found.length >= limit || name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (st?.isDirectory()) walk(path);
      else if (st?.isFile() && accept(name)) found.push(toPosix(relative(root, path)));
    }
  };
  walk(root);
  return found;
}
