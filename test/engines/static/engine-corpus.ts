// Every source file the static tests know (labelled fixtures, the bundled example, rule cases, benchmark cases):
// the corpus a fast path of the engine is compared with its plain form on.
import { labelledCorpus, readLabelled } from '../../../src/engines/static/corpus.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

export function engineCorpus(repo = process.cwd()): SourceFile[] {
  return [...labelledCorpus(repo), ...readLabelled(repo, 'test/engines/static/rule-cases'), ...readLabelled(repo, 'benchmark/cases')].map((l) => l.file);
}
