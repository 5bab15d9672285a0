// I/O shell for measuring: reads the labelled corpus (fixtures and the bundled example) from disk.
// The only file in src/engines/static that touches the file system; the engine itself never does.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { labelsOf, type Label } from './score.ts';
import type { SourceFile } from './types.ts';
import { LABELLED_ROOTS } from './calibration.ts';

const EXT = /\.(m?[jt]sx?|cjs)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? (name === 'node_modules' ? [] : walk(p)) : EXT.test(name) ? [p] : [];
  });
}

/** Source files under `root` with paths relative to it (as a scan of that folder would see them) and their labels. */
export function readLabelled(repo: string, root: string): Array<{ file: SourceFile; labels: Label[] }> {
  const base = join(repo, root);
  return walk(base).map((p) => {
    const content = readFileSync(p, 'utf8');
    const path = relative(base, p).split('\\').join('/');
    const file: SourceFile = { path, content, language: /\.tsx?$/.test(p) ? 'typescript' : 'javascript', isTest: false };
    // Fixtures under library/ play a library package's code (the library threat model applies).
    if (path.startsWith('library/')) file.publicApi = 'fixture-library';
    return { file, labels: labelsOf(content) };
  });
}

export function labelledCorpus(repo: string): Array<{ file: SourceFile; labels: Label[] }> {
  return LABELLED_ROOTS.flatMap((root) => readLabelled(repo, root));
}
