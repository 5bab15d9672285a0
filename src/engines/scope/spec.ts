// What a diff-aware scan asks for (--since, --diff, --staged, --radius) and the pure checks on it.
// Refs are resolved to commits elsewhere (refs.ts); this file only reads the flags' text.
import type { Static } from '@sinclair/typebox';
import type { DiffScope as DiffScopeSchema } from '../../artifacts/schemas/run-options.ts';
import { UsageError } from '../../foundations/errors.ts';
import { DIFF_MODES, type DiffMode } from '../../artifacts/schemas/literals.ts';
import type { RangeOperator } from '../../artifacts/schemas/literals.ts';
export { DIFF_MODES };
export type { DiffMode };

/** The diff a scan is scoped to, as stored in the run's scope (and hashed into its identity); typed from its schema. */
export type DiffScope = Static<typeof DiffScopeSchema>;

export type DiffRequest = Omit<DiffScope, 'from' | 'to' | 'changedPaths'>;

export const DEFAULT_RADIUS = 1;

/** A ref as the user wrote it, or a usage error naming the flag. A ref that starts with a dash would read as a git option. */
export function checkRef(flag: string, ref: string): string {
  if (ref.trim() === '') throw new UsageError(`${flag} needs a git ref (a branch, tag or commit); got an empty one.`);
  if (ref.startsWith('-')) throw new UsageError(`${flag}: '${ref}' is not a git ref (it starts with a dash).`);
  if (/[\s\0]/.test(ref)) throw new UsageError(`${flag}: '${ref}' is not a git ref (it contains whitespace).`);
  return ref;
}

/** `base...head` or `base..head` from --diff. */
export function parseDiffRange(value: string): { base: string; head: string; range: RangeOperator } {
  const three = value.indexOf('...');
  const range = three >= 0 ? '...' : value.includes('..') ? '..' : undefined;
  if (!range) throw new UsageError(`--diff takes <base>...<head> (or <base>..<head>); got '${value}'.`);
  const at = range === '...' ? three : value.indexOf('..');
  const base = value.slice(0, at);
  const head = value.slice(at + range.length);
  if (!base || !head) throw new UsageError(`--diff takes <base>...<head> with both refs written out; got '${value}'.`);
  return { base: checkRef('--diff', base), head: checkRef('--diff', head), range };
}

export interface DiffFlags {
  since?: string | undefined;
  diff?: string | undefined;
  staged?: boolean | undefined;
  radius?: string | undefined;
}

/** The diff request from the scan flags, undefined when the scan is not diff-aware. At most one of the three modes. */
export function diffRequestOf(flags: DiffFlags): DiffRequest | undefined {
  const given = [flags.since !== undefined && '--since', flags.diff !== undefined && '--diff', flags.staged && '--staged'].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} cannot be combined: pick one way to say what changed.`);
  if (given.length === 0) {
    if (flags.radius !== undefined) throw new UsageError('--radius needs --since, --diff or --staged: it widens a diff-aware scope.');
    return undefined;
  }
  const radius = radiusOf(flags.radius);
  if (flags.since !== undefined) return { mode: 'since', radius, base: checkRef('--since', flags.since) };
  if (flags.diff !== undefined) return { mode: 'diff', radius, ...parseDiffRange(flags.diff) };
  return { mode: 'staged', radius };
}

function radiusOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RADIUS;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 50) throw new UsageError(`--radius takes a whole number from 0 to 50 (got '${value}').`);
  return n;
}

/** "--diff main...HEAD (radius 1)" for logs and reports. */
export function describeDiff(scope: DiffScope): string {
  const what = scope.mode === 'since' ? `--since ${scope.base}` : scope.mode === 'diff' ? `--diff ${scope.base}${scope.range}${scope.head}` : '--staged';
  return `${what} (radius ${scope.radius})`;
}

/** What names the diff in a record (mode, radius, refs and commits), without the unset fields or the handed-over paths. */
export function diffRecordOf(scope: DiffScope): Omit<DiffScope, 'changedPaths'> {
  const { mode, radius, base, head, range, from, to } = scope;
  return { mode, radius, ...(base !== undefined ? { base } : {}), ...(head !== undefined ? { head } : {}), ...(range ? { range } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
