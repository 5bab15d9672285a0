// I/O: which files triage looks at. In git: `git ls-files` (tracked + untracked, honouring .gitignore) plus
// the ignored entries and churn for the record, fetched in the background. Outside git: a folder walk applying .gitignore files.
import type { SkippedFile, Triage } from '../../artifacts/schemas/triage.ts';
import { gitChurnAsync, gitListFiles, gitListIgnored } from '../../git/git.ts';
import { classifyPath } from './path-rules.ts';
import { walkTree } from './walk.ts';

export interface History {
  /** Entries git leaves out (ignored), for the record. */
  ignored: SkippedFile[];
  /** Commits per path over recent history. */
  churn: Map<string, number>;
}

export interface Listing {
  listing: Triage['listing'];
  paths: string[];
  /** Entries left out before reading (ignored, or folders not walked). */
  skipped: SkippedFile[];
  /** Started at once and awaited after the files are read: the git queries run while triage reads. */
  history: Promise<History>;
}

async function gitHistory(root: string): Promise<History> {
  const [ignored, churn] = await Promise.all([gitListIgnored(root), gitChurnAsync(root)]);
  return {
    ignored: (ignored ?? [])
      .filter((p) => classifyPath(p).kind !== 'drop')
      .map((p) => ({ path: p, reason: 'ignored', detail: 'excluded by .gitignore or git excludes' })),
    churn,
  };
}

export async function listFiles(root: string, signal: AbortSignal): Promise<Listing> {
  const paths = gitListFiles(root);
  if (paths === null) return { listing: 'walk', ...(await walkTree(root, signal)), history: Promise.resolve({ ignored: [], churn: new Map() }) };
  return { listing: 'git', paths, skipped: [], history: gitHistory(root) };
}
