// The file manifest of one benchmark case: every file (sorted POSIX path + sha256 + line count) and the
// hash that binds a label file to exactly this content. Reads the disk; never writes.
import { readdirSync, readFileSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { compareText } from '../../../src/foundations/text/compare.ts';

export interface ManifestEntry {
  path: string;
  sha256: string;
  lines: number;
}

export interface CaseManifest {
  files: ManifestEntry[];
  /** sha256 of "path<TAB>sha256\n" for every file in path order. */
  hash: string;
  lines: number;
}

// Artifacts of an in-place scan are not part of the case.
export const SKIPPED = new Set(['.bug-hunter', 'node_modules', '.git']);

/** True for a path inside a case that the manifest (and the scan copy) leaves out. */
export function skippedPath(relPath: string): boolean {
  return relPath.split(/[\\/]/).some((segment) => SKIPPED.has(segment));
}

function walk(root: string, rel: string, out: string[]): void {
  for (const name of readdirSync(join(root, rel)).sort()) {
    if (SKIPPED.has(name)) continue;
    const path = rel ? `${rel}/${name}` : name;
    const stat = lstatSync(join(root, path));
    if (stat.isSymbolicLink()) throw new Error(`benchmark case ${root} contains a symbolic link (${path}); cases must be plain files.`);
    if (stat.isDirectory()) walk(root, path, out);
    else if (stat.isFile()) out.push(path);
  }
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

export function manifestHash(files: readonly Pick<ManifestEntry, 'path' | 'sha256'>[]): string {
  const sorted = [...files].sort((a, b) => compareText(a.path, b.path));
  return sha256(sorted.map((f) => `${f.path}\t${f.sha256}\n`).join(''));
}

export function caseManifest(caseDir: string): CaseManifest {
  const paths: string[] = [];
  walk(caseDir, '', paths);
  paths.sort();
  const files = paths.map((path) => {
    const bytes = readFileSync(join(caseDir, path));
    return { path, sha256: sha256(bytes), lines: countLines(bytes.toString('utf8')) };
  });
  return { files, hash: manifestHash(files), lines: files.reduce((sum, f) => sum + f.lines, 0) };
}
