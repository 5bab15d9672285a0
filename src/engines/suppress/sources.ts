// Where each suppressions.json entry comes from, read from git: an entry in the file committed at HEAD is the
// repository's, one only in the working copy is a person's own dismissal on this machine. In a diff-aware scan,
// also whether each entry existed at the diff's base. Fails closed: a committed file git cannot show or that is not
// valid counts every entry as the repository's, and as absent from the base; outside git every entry is the repository's.
import { ARTIFACTS } from '../../artifacts/registry.ts';
import type { Suppressions } from '../../artifacts/schemas/memory.ts';
import { validate } from '../../artifacts/validate.ts';
import { gitTopLevel } from '../git/git.ts';
import { gitSync } from '../git/run.ts';
import { readMemory } from './lock.ts';
import { emptySuppressions } from './suppressions.ts';
import { SUPPRESSIONS_WHERE, type SourcedSuppressions } from './apply.ts';

export interface SourceRequest {
  /** --no-repo-suppressions. */
  ignoreRepository: boolean;
  /** Diff-aware scans: the commit the diff starts from; null when it starts before the first commit. */
  diffBase?: string | null;
}

export function loadSuppressions(target: string, request: SourceRequest): SourcedSuppressions {
  const file: Suppressions = readMemory(target, 'suppressions') ?? emptySuppressions();
  const inGit = gitTopLevel(target) !== null;
  const committed = inGit ? fingerprintsAt(target, 'HEAD') : 'unknown';
  const base = request.diffBase === undefined ? undefined : request.diffBase === null ? new Set<string>() : fingerprintsAt(target, request.diffBase);
  return {
    entries: file.entries.map((entry) => ({
      ...entry,
      source: committed === 'unknown' || committed.has(entry.fingerprint) ? 'repository' : 'dismissal',
      ...(base === undefined ? {} : { atBase: base !== 'unknown' && base.has(entry.fingerprint) }),
    })),
    ignoreRepository: request.ignoreRepository,
    ...(request.diffBase ? { diffBase: request.diffBase } : {}),
  };
}

/** Fingerprints in suppressions.json at a commit: empty when the file is not there, 'unknown' when it cannot be read. */
function fingerprintsAt(target: string, rev: string): Set<string> | 'unknown' {
  const path = `./${SUPPRESSIONS_WHERE}`;
  let listed: string;
  try {
    listed = gitSync(target, ['ls-tree', '--name-only', rev, '--', path]);
  } catch {
    // HEAD before the first commit has no tree: nothing is committed.
    return rev === 'HEAD' ? new Set() : 'unknown';
  }
  if (listed.trim() === '') return new Set();
  try {
    const value: unknown = JSON.parse(gitSync(target, ['show', `${rev}:${path}`], { maxBuffer: 64 * 1024 * 1024 }));
    if (!validate(ARTIFACTS.suppressions.schema, value).ok) return 'unknown';
    return new Set((value as Suppressions).entries.map((e) => e.fingerprint));
  } catch {
    return 'unknown';
  }
}
