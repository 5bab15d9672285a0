// I/O: lists files outside git by walking the folder and applying every .gitignore on the way down, with
// git's precedence (the deepest file that decides wins; an ignored folder is never entered).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';

interface Matcher {
  /** Folder of the .gitignore, relative to the root, '' or ending in '/'. */
  base: string;
  rules: Ignore;
}

export interface WalkResult {
  paths: string[];
  skipped: SkippedFile[];
}

// Never entered: git's own data and bug-hunter's artifacts (not recorded), installed packages (recorded).
const SILENT_DIRS = new Set(['.git', '.bug-hunter']);

function isIgnored(matchers: readonly Matcher[], path: string): boolean {
  for (let i = matchers.length - 1; i >= 0; i--) {
    const m = matchers[i] as Matcher;
    const verdict = m.rules.test(path.slice(m.base.length));
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

function loadGitignore(absDir: string, base: string): Matcher | undefined {
  try {
    return { base, rules: ignore().add(readFileSync(join(absDir, '.gitignore'), 'utf8')) };
  } catch {
    // An unreadable .gitignore ignores nothing, as in git.
    return undefined;
  }
}

/** gitignore false: apply no .gitignore (--no-gitignore). */
export async function walkTree(root: string, signal: AbortSignal, options: { gitignore?: boolean } = {}): Promise<WalkResult> {
  const applyIgnore = options.gitignore !== false;
  const paths: string[] = [];
  const skipped: SkippedFile[] = [];
  const stack: Array<{ rel: string; matchers: Matcher[] }> = [{ rel: '', matchers: [] }];
  let visited = 0;
  while (stack.length > 0) {
    const { rel, matchers: inherited } = stack.pop() as { rel: string; matchers: Matcher[] };
    // Yield now and then so an interrupt (SIGINT → abort) is seen during a long walk.
    if (++visited % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    const absDir = join(root, rel);
    let entries;
    try {
      entries = readdirSync(absDir, { withFileTypes: true });
    } catch (error) {
      skipped.push({ path: rel || '.', reason: 'unreadable', detail: `folder cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    const own = applyIgnore && entries.some((e) => e.name === '.gitignore' && e.isFile()) ? loadGitignore(absDir, rel) : undefined;
    const matchers = own ? [...inherited, own] : inherited;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (SILENT_DIRS.has(entry.name)) continue;
        const dir = `${rel}${entry.name}/`;
        if (isIgnored(matchers, dir)) skipped.push({ path: dir, reason: 'ignored', detail: 'excluded by .gitignore' });
        else if (entry.name === 'node_modules') skipped.push({ path: dir, reason: 'vendored', detail: 'installed packages (folder not walked)' });
        else stack.push({ rel: dir, matchers });
      } else {
        const file = `${rel}${entry.name}`;
        if (isIgnored(matchers, file)) skipped.push({ path: file, reason: 'ignored', detail: 'excluded by .gitignore' });
        else paths.push(file);
      }
    }
  }
  return { paths: paths.sort(), skipped };
}
