// I/O: which files triage looks at. In git: `git ls-files` (tracked + untracked, honouring .gitignore) plus
// the ignored entries and churn for the record, fetched in the background. Outside git: a folder walk applying .gitignore files.
import type { SkippedFile, Triage } from '../../artifacts/schemas/triage.ts';
import { enclosingIgnore, enclosingIgnoreDetail } from '../../engines/git/enclosing-ignore.ts';
import { gitChurnAsync, gitListFiles, gitListIgnored } from '../../engines/git/git.ts';
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

const NO_HISTORY: History = { ignored: [], churn: new Map() };

/** gitignore false (--no-gitignore): every file in the folder, whatever git ignores; churn still from git. */
export async function listFiles(root: string, signal: AbortSignal, options: { gitignore?: boolean } = {}): Promise<Listing> {
  if (options.gitignore === false) {
    const churn = gitChurnAsync(root).then((c) => ({ ignored: [], churn: c }));
    return { listing: 'walk', ...(await walkTree(root, signal, { gitignore: false })), history: churn };
  }
  const paths = gitListFiles(root);
  if (paths === null) return { listing: 'walk', ...(await walkTree(root, signal)), history: Promise.resolve(NO_HISTORY) };
  if (paths.length === 0) {
    // git lists nothing when an enclosing repository ignores the whole target: record every file and the rule.
    const hit = enclosingIgnore(root);
    if (hit) {
      const all = await walkTree(root, signal, { gitignore: false });
      const detail = enclosingIgnoreDetail(hit);
      return { listing: 'git', paths: [], skipped: [...all.skipped, ...all.paths.map((path) => ({ path, reason: 'ignored' as const, detail }))], history: Promise.resolve(NO_HISTORY) };
    }
  }
  return { listing: 'git', paths, skipped: [], history: gitHistory(root) };
}
