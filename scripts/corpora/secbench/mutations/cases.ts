// The cases a mutation run may rewrite and name: the development part's study fold, never a check-fold or held-out
// case (their files, findings and misses are not read). Fails closed: a case the selection hands back from the withheld
// side stops the run instead of being printed.
import { selectSecbench, type SecbenchCase, type SecbenchSplit } from '../corpus.ts';

export function mutationCases(cases: readonly SecbenchCase[], split: SecbenchSplit, classes: readonly string[] = []): SecbenchCase[] {
  const selected = selectSecbench(cases, split, { part: 'dev', fold: 'study', classes });
  if (selected.some((s) => s.side !== 'dev')) throw new Error('The mutation run selected a withheld case (check fold or held-out part); it runs on the study fold only.');
  return selected.map((s) => s.case);
}
