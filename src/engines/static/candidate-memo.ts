// Files of one run often share a text (a library vendored twice, an unchanged file in two versions of a package). The
// detectors' candidates depend on the text and on what the run says of the file beside its path — the grammar, the
// library it belongs to, the arguments other files pass it, its imports' facts — and on its path only through the
// handler shapes' path patterns (pathFacts): a file whose inputs another file of this thread had takes that file's
// candidates instead of being parsed and analysed again. Keyed by a hash of the text (the texts are not kept); each
// reader gets its own copy.
import { sha256 } from '../../foundations/hashing/hash.ts';
import { pathFacts } from './sources/handlers.ts';
import type { Candidate, SourceFile } from './types.ts';

// Enough for the files of a large run; the oldest go first.
const KEPT = 8192;
const memo = new Map<string, Candidate[]>();

/** Everything a file's candidates depend on, `lang` being the grammar it is parsed with. */
export function candidateKey(file: SourceFile, lang: string): string {
  return JSON.stringify([lang, file.publicApi ?? null, file.incoming ?? [], file.imported ?? [], pathFacts(file.path), sha256(file.content)]);
}

/** A copy of the candidates kept under `key`, or undefined. */
export function knownCandidates(key: string): Candidate[] | undefined {
  const hit = memo.get(key);
  return hit && structuredClone(hit);
}

export function keepCandidates(key: string, candidates: readonly Candidate[]): void {
  memo.set(key, structuredClone([...candidates]));
  if (memo.size > KEPT) memo.delete(memo.keys().next().value as string);
}

/** Forget the kept candidates (with the engine's analysis memo, so two cold runs can be compared). */
export function clearCandidateMemo(): void {
  memo.clear();
}
