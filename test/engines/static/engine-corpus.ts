// Every source file the static tests know (the rules' labelled cases, the bundled example, benchmark cases):
// the corpus a fast path of the engine is compared with its plain form on.
import { labelledCorpus, readLabelled } from '../../../src/engines/static/corpus.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

export function engineCorpus(repo = process.cwd()): SourceFile[] {
  return [...labelledCorpus(repo), ...readLabelled(repo, 'benchmark/cases')].map((l) => l.file);
}
