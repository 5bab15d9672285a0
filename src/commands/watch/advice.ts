// What a watch cycle says about the files it left unexamined, in one short line whatever the tree's size: the
// count, the first few paths and where the full list is. The investigation's reasons are written for `scan`
// ("run with --loop or --max-chunks to cover it"); watch refuses those flags, so such advice becomes what watch
// itself does about it (the slow sweep, --sweep-chunks).

/** Paths named in a cycle's detail before the rest is counted. */
export const PATHS_SHOWN = 5;

import { PAST_CHUNK_LIMIT_ADVICE } from '../../engines/report/coverage.ts';

// Scan's advice (flags watch does not accept) → what watch does about it.
const SCAN_ADVICE: readonly [string, (sweep: boolean) => string][] = [
  [PAST_CHUNK_LIMIT_ADVICE, (sweep) => (sweep ? 'the slow sweep covers it in a later cycle (--sweep-chunks <n> per cycle)' : 'with --no-sweep it stays unreviewed (the slow sweep would cover it)')],
];

/** A reason from the investigation, with scan's flag advice put in watch's terms. */
export function inWatchTerms(reason: string, sweep: boolean): string {
  return SCAN_ADVICE.reduce((text, [advice, ours]) => text.replaceAll(advice, ours(sweep)), reason);
}

/** "a.js, b.js" or "a.js, …, e.js and 633 more (all in <where>)". */
export function pathList(paths: readonly string[], where: string): string {
  if (paths.length <= PATHS_SHOWN) return paths.join(', ');
  return `${paths.slice(0, PATHS_SHOWN).join(', ')} and ${paths.length - PATHS_SHOWN} more (all in ${where})`;
}
