// `node --import tsx scripts/corpora/secbench/write-split.ts [--check]`: writes (or checks) the frozen split of
// benchmark/real-world/secbench/cases.json into split.json beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from '../../docs/generated-file.ts';
import { splitCorpus, type SplitCase } from './split.ts';

export const SECBENCH_DIR = fileURLToPath(new URL('../../../benchmark/real-world/secbench/', import.meta.url));

export function splitText(): string {
  const { cases } = JSON.parse(readFileSync(join(SECBENCH_DIR, 'cases.json'), 'utf8')) as { cases: SplitCase[] };
  const split = splitCorpus(cases);
  const doc = {
    description:
      'The frozen 70/30 split of cases.json (SecBench.js training cases): grouped by package, stratified by class, seeded; written by scripts/corpora/secbench/write-split.ts before any rule was changed against the corpus. Held-out results are printed as per-class counts only: never read the held-out misses.',
    ...split,
  };
  return `${JSON.stringify(doc, null, 1)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck(join(SECBENCH_DIR, 'split.json'), splitText(), 'node --import tsx scripts/corpora/secbench/write-split.ts');
}
