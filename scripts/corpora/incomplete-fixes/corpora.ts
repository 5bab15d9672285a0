// Where each corpus keeps its evidence file and what its cases say (id, package, fixed version, class, side), so an
// entry can be checked against them. Reading only.
import { join } from 'node:path';
import { readCorpus } from '../real-world/corpus.ts';
import { readSecbench, sideOf, type SecbenchCase, type SecbenchSplit } from '../secbench/corpus.ts';
import { readIncompleteFixes, type CaseFacts, type IncompleteFix } from './evidence.ts';

export const EVIDENCE_CORPORA = ['real-world', 'secbench'] as const;
export type EvidenceCorpus = (typeof EVIDENCE_CORPORA)[number];

/** The folder of a corpus under benchmark/real-world. */
export function corpusDir(benchDir: string, corpus: EvidenceCorpus): string {
  return corpus === 'real-world' ? benchDir : join(benchDir, 'secbench');
}

export function caseFacts(benchDir: string, corpus: EvidenceCorpus): CaseFacts[] {
  if (corpus === 'real-world') return readCorpus(benchDir).cases.map((c) => ({ id: c.id, package: c.package, fixed: c.fixed, class: c.class }));
  const { cases, split } = readSecbench(corpusDir(benchDir, corpus));
  return secbenchFacts(cases, split);
}

/** SecBench.js cases as facts, each with its side of the frozen split. */
export function secbenchFacts(cases: readonly SecbenchCase[], split: SecbenchSplit): CaseFacts[] {
  const sides = sideOf(cases, split);
  return cases.map((c) => ({ id: c.id, package: c.package, fixed: c.fixedVersion, class: c.class, side: sides.get(c.id) ?? 'held-out' }));
}

/** A corpus's evidence entries, checked against its cases. */
export function evidenceOf(benchDir: string, corpus: EvidenceCorpus): IncompleteFix[] {
  return readIncompleteFixes(corpusDir(benchDir, corpus), caseFacts(benchDir, corpus));
}
