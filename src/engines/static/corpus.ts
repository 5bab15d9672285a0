// I/O shell for measuring: reads the labelled corpus (the rules' cases and the bundled example) from disk.
// The only file in src/engines/static that touches the file system; the engine itself never does.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { labelsOf, type Label } from './score.ts';
import type { SourceFile } from './types.ts';
import { LABELLED_ROOTS, RULE_CASES_ROOT } from './calibration.ts';

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
    // Cases under library/ play a library package's code (the library threat model applies).
    if (path.startsWith('library/')) file.publicApi = 'fixture-library';
    return { file, labels: labelsOf(content) };
  });
}

/** The roots a labelled root names: itself, or with a `*` segment every folder that fits (sorted). */
export function expandRoot(repo: string, root: string): string[] {
  const star = root.split('/').indexOf('*');
  if (star < 0) return [root];
  const parts = root.split('/');
  const parent = parts.slice(0, star).join('/');
  const rest = parts.slice(star + 1).join('/');
  return readdirSync(join(repo, parent)).sort().map((name) => [parent, name, rest].filter(Boolean).join('/')).filter((p) => existsSync(join(repo, p)) && statSync(join(repo, p)).isDirectory());
}

/** Every rule's cases: the source files in src/engines/static/rules/<rule-id>/fixtures/, each with the rule whose folder holds it. */
export function ruleCases(repo: string): Array<{ file: SourceFile; labels: Label[]; rule: string }> {
  return expandRoot(repo, RULE_CASES_ROOT).flatMap((root) => readLabelled(repo, root).map((l) => ({ ...l, rule: root.split('/').at(-2) as string })));
}

export function labelledCorpus(repo: string): Array<{ file: SourceFile; labels: Label[] }> {
  return LABELLED_ROOTS.flatMap((root) => expandRoot(repo, root)).flatMap((root) => readLabelled(repo, root));
}
