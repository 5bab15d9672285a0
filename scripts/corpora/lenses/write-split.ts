// `node --import tsx scripts/corpora/lenses/write-split.ts [--check]`: writes (or checks) the frozen split of
// benchmark/real-world/lenses/cases.json into split.json beside it, with the SecBench.js split's code and seed
// (grouped by package, stratified by lens). The split aims at 30% of each lens held out, but a few packages hold many
// cases and a package is never split, so fewer are (22% when written); the description states the share the data
// has, computed from it.
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
  const held = Object.values(split.counts).reduce((n, row) => n + row.heldOut, 0);
  const total = Object.values(split.counts).reduce((n, row) => n + row.development + row.heldOut, 0);
  const doc = {
    description:
      `The frozen split of cases.json (lenses corpus): ${held} of ${total} cases (${Math.round((held / total) * 100)}%) held out. Grouped by package, stratified by lens (a package counts under the lens most of its cases have), seeded; it aims at ${Math.round(split.heldOutShare * 100)}% of each lens, but a package is never split and a few hold many cases. Written by scripts/corpora/lenses/write-split.ts before any lens rule was written. Held-out results are printed as per-lens counts only: never read the held-out misses.`,
    ...split,
  };
  return `${JSON.stringify(doc, null, 1)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck(join(LENSES_DIR, 'split.json'), lensSplitText(), 'node --import tsx scripts/corpora/lenses/write-split.ts');
}
