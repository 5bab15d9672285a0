// `node --import tsx scripts/corpora/lenses/write-split.ts [--check]`: writes (or checks) the frozen split of
// benchmark/real-world/lenses/cases.json into split.json beside it, with the SecBench.js split's code and seed
// (grouped by package, stratified by lens, 30% held out).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from '../../docs/generated-file.ts';
import { splitCorpus, type SplitCase } from '../secbench/split.ts';
import { parseLensCases } from './corpus.ts';

export const LENSES_DIR = fileURLToPath(new URL('../../../benchmark/real-world/lenses/', import.meta.url));

/** The corpus as the generic split sees it: the lens is the class. */
export function lensSplitCases(dir = LENSES_DIR): SplitCase[] {
  return parseLensCases(readFileSync(join(dir, 'cases.json'), 'utf8')).map((c) => ({ id: c.id, class: c.lens, package: c.package }));
}

export function lensSplitText(): string {
  const split = splitCorpus(lensSplitCases());
  const doc = {
    description:
      'The frozen 70/30 split of cases.json (lenses corpus): grouped by package, stratified by lens (a package counts under the lens most of its cases have), seeded; written by scripts/corpora/lenses/write-split.ts before any lens rule was written. Held-out results are printed as per-lens counts only: never read the held-out misses.',
    ...split,
  };
  return `${JSON.stringify(doc, null, 1)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck(join(LENSES_DIR, 'split.json'), lensSplitText(), 'node --import tsx scripts/corpora/lenses/write-split.ts');
}
