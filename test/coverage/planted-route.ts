// The coverage property's parts: a vulnerable Express route (the static engine reports it as critical), planted in
// one file that index.js requires, in a real git repository; and the check that a scan either reports the route's
// finding, or exits 3 without "Clean" with coverage.json marking the planted file not covered, with a reason.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const ROUTE_LINES = [
  "const express = require('express');",
  "const { exec } = require('child_process');",
  'const app = express();',
  "app.get('/ls', (req, res) => {",
  "  exec('ls ' + req.query.dir, (err, out) => res.send(out));",
  '});',
  'module.exports = app;',
];
export const ROUTE = `${ROUTE_LINES.join('\n')}\n`;
/** The same route as a server of its own (it listens instead of being exported). */
export const LISTENING_ROUTE = `${[...ROUTE_LINES.slice(0, -1), 'app.listen(3000);'].join('\n')}\n`;

export interface PlantedRepo {
  /** Files of the repository: name (raw bytes allowed, as a Buffer) → content. */
  files: Array<{ name: Buffer | string; content: Buffer | string }>;
  /** Symbolic links: name in the repository → link text. */
  links?: Array<{ name: string; target: string }>;
  /** The planted file as coverage.json names it (a name that is not UTF-8 decodes with U+FFFD). */
  planted: string;
  /** false: leave the files untracked (git lists them all the same); default: commit them. */
  commit?: boolean;
  /** A plain folder, no git (triage walks it). */
  noGit?: boolean;
}

const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };

/** Writes the files into `dir`, makes it a git repository and commits them unless `repo.commit` is false. */
export function writePlanted(dir: string, repo: PlantedRepo): void {
  const rootBytes = Buffer.from(dir);
  for (const file of repo.files) {
    const name = typeof file.name === 'string' ? Buffer.from(file.name) : file.name;
    // Buffer paths: a name that is not UTF-8 reaches the file system byte for byte.
    const slash = name.lastIndexOf(0x2f);
    if (slash > 0) mkdirSync(Buffer.concat([rootBytes, Buffer.from('/'), name.subarray(0, slash)]), { recursive: true });
    writeFileSync(Buffer.concat([rootBytes, Buffer.from('/'), name]), file.content);
  }
  for (const link of repo.links ?? []) {
    mkdirSync(dirname(join(dir, link.name)), { recursive: true });
    symlinkSync(link.target, join(dir, link.name));
  }
  if (repo.noGit) return;
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: gitEnv });
  if (repo.commit === false) return;
  execFileSync('git', ['add', '-A', '-f'], { cwd: dir, env: gitEnv });
  execFileSync('git', ['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'planted'], { cwd: dir, env: gitEnv });
}

export interface ScanOutcome {
  code: number;
  stdout: string;
}

interface CoverageFile {
  path: string;
  status: string;
  reason?: string;
}

/** The property, for one scan of a planted repository: what it says when it does not hold, else undefined. */
export function propertyBreach(dir: string, repo: PlantedRepo, scan: ScanOutcome): string | undefined {
  if (scan.code === 1 && /\[T\d critical\] \S+:\d+ BH-\S+ — A shell command is built from untrusted input/.test(scan.stdout)) return undefined;
  if (scan.code !== 3) return `exit ${scan.code}, and the route's finding was not reported`;
  if (/\bClean\b/.test(scan.stdout)) return 'exit 3, yet the summary says Clean';
  let files: CoverageFile[];
  try {
    files = (JSON.parse(readFileSync(join(dir, '.bug-hunter', 'coverage.json'), 'utf8')) as { files: CoverageFile[] }).files;
  } catch (error) {
    return `exit 3 and no readable coverage.json (${(error as Error).message})`;
  }
  const entry = files.find((f) => f.path === repo.planted);
  if (!entry) return `exit 3, but coverage.json does not list ${JSON.stringify(repo.planted)}`;
  if (entry.status !== 'not-covered') return `exit 3, but coverage.json marks ${JSON.stringify(repo.planted)} ${entry.status}, not not-covered`;
  if (!entry.reason) return `exit 3, but coverage.json gives no reason for ${JSON.stringify(repo.planted)}`;
  return undefined;
}

export function assertProperty(dir: string, repo: PlantedRepo, scan: ScanOutcome): void {
  const breach = propertyBreach(dir, repo, scan);
  assert.equal(breach, undefined, `${breach}\n${scan.stdout}`);
}
