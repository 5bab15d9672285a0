// The run identity every artifact carries: which tree (root, base commit), which scope and options, which tool.
import { randomBytes } from 'node:crypto';
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import { headCommit } from '../git/git.ts';
import { TOOL_VERSION } from '../../foundations/version.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import type { RunOptions, ScopeOptions } from './options.ts';

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export function createIdentity(repoRoot: string, scope: ScopeOptions, options: RunOptions, runId = newRunId()): RunIdentity {
  return {
    runId,
    repoRoot,
    baseCommit: headCommit(repoRoot),
    scopeHash: hashJson({ repoRoot, scope }),
    optionsHash: optionsHashOf(options),
    toolVersion: TOOL_VERSION,
  };
}

/**
 * The options hash leaves out --shard: the shards of one scan split the work, not the result, and `merge` requires
 * them to share one identity. A resume still compares the stored options flag by flag, shard included.
 */
export function optionsHashOf(options: RunOptions): string {
  const { shard: _shard, ...rest } = options;
  return hashJson(rest);
}

const FIELD_NAMES = {
  runId: 'run id',
  repoRoot: 'repository root',
  baseCommit: 'base commit',
  scopeHash: 'scope',
  optionsHash: 'options',
  toolVersion: 'tool version',
} as const satisfies Record<keyof RunIdentity, string>;

// Hashes and commits are shown by their first 12 characters; a run id, root or version whole.
const HASHED: ReadonlySet<keyof RunIdentity> = new Set(['baseCommit', 'scopeHash', 'optionsHash']);
const shown = (field: keyof RunIdentity, value: unknown): string => (HASHED.has(field) ? String(value).slice(0, 12) : String(value));

function differences(stored: RunIdentity, current: RunIdentity, fields: readonly (keyof RunIdentity)[]): string[] {
  return fields.filter((f) => stored[f] !== current[f]).map((f) => `${FIELD_NAMES[f]} (${shown(f, stored[f])} → ${shown(f, current[f])})`);
}

/** Fields that differ between a stored run and the current one; empty when a resume may attach. */
export function identityMismatches(stored: RunIdentity, current: RunIdentity): string[] {
  return differences(stored, current, ['repoRoot', 'baseCommit', 'scopeHash', 'optionsHash']);
}

/**
 * The one test of "this artifact belongs to this run": every field of its run identity equals the run's. Empty
 * when it does; otherwise the fields that differ, run id first (an artifact of the same tree and options but
 * another run id is still another run's: its files, hashes and chunks are not the ones this run read).
 */
export function otherRunFields(artifactRun: RunIdentity, run: RunIdentity): string[] {
  return differences(artifactRun, run, Object.keys(FIELD_NAMES) as (keyof RunIdentity)[]);
}
