// Builds hostile repositories for the attack tests: real files, real git, committed symlinks, a repository
// .bug-hunter/config.json, settings in .git/config, and a canary folder outside the repository that an
// attack would write to (so a test can show that nothing ran and nothing was written there).
import { existsSync, mkdirSync, readdirSync, symlinkSync, appendFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestContext } from 'node:test';
import { git, tempDir, writeFiles } from '../helpers/temp.ts';

export interface HostileSpec {
  /** Ordinary files, path → content. */
  files?: Record<string, string>;
  /** Committed symbolic links, path in the repository → link text (e.g. '/' or '../outside'). */
  symlinks?: Record<string, string>;
  /** The repository's own .bug-hunter/config.json (committed). */
  config?: Record<string, unknown>;
  /** Lines added to .git/config after the commit, e.g. ['[core]', '\tfsmonitor = touch /x']. */
  gitConfig?: string[];
  /** Extra .gitattributes lines (committed). */
  gitattributes?: string[];
  /** Leave the tree outside git (no `git init`). */
  noGit?: boolean;
}

// A small file with a bug the static engine reports, so a scan has something to do.
export const BUGGY_FILE = [
  "import { exec } from 'node:child_process';",
  'export function run(req) {',
  "  exec('convert ' + req.query.name);",
  '}',
  '',
].join('\n');

/** A real git repository built from the spec, committed once; removed after the test. */
export function hostileRepo(t: TestContext, spec: HostileSpec): string {
  const dir = tempDir(t, 'bh-hostile-');
  writeFiles(dir, { 'package.json': '{"name":"hostile","version":"1.0.0","type":"module"}\n', ...spec.files });
  if (spec.config) writeFiles(dir, { '.bug-hunter/config.json': JSON.stringify(spec.config, null, 2) });
  if (spec.gitattributes) writeFiles(dir, { '.gitattributes': `${spec.gitattributes.join('\n')}\n` });
  for (const [path, text] of Object.entries(spec.symlinks ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(text, join(dir, path));
  }
  if (spec.noGit) return dir;
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'attacker@example.com');
  git(dir, 'config', 'user.name', 'Attacker');
  git(dir, 'add', '-A', '-f');
  git(dir, 'commit', '-q', '-m', 'hostile');
  if (spec.gitConfig) appendFileSync(join(dir, '.git', 'config'), `${spec.gitConfig.join('\n')}\n`);
  return dir;
}

/** A folder outside every repository where a successful attack leaves marks; `hits()` lists them. */
export function canary(t: TestContext): { dir: string; file: (name: string) => string; hits: () => string[] } {
  const dir = tempDir(t, 'bh-canary-');
  return {
    dir,
    file: (name) => join(dir, name),
    hits: () => (existsSync(dir) ? readdirSync(dir) : []),
  };
}

/** A marker file with the given content, for tests that check a file outside the repository was not overwritten. */
export function planted(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
