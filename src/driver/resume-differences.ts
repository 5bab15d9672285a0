// What differs between the stored run and the one `scan --resume` asks for, in flags ("--loop: was on, now off"):
// a resume attaches only when nothing does. Pure.
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import type { RunState } from '../artifacts/schemas/state.ts';
import { identityMismatches } from '../engines/run/identity.ts';
import { optionDifferences } from '../engines/run/option-diff.ts';
import type { RunOptions, ScopeOptions } from '../engines/run/options.ts';

/** Empty when a resume may attach. */
export function resumeDifferences(previous: RunState, identity: RunIdentity, options: RunOptions, scope: ScopeOptions): string[] {
  const out: string[] = [];
  if (previous.run.repoRoot !== identity.repoRoot) out.push(`target: was ${previous.run.repoRoot}, now ${identity.repoRoot}`);
  if (previous.run.baseCommit !== identity.baseCommit) out.push(`base commit: was ${previous.run.baseCommit ?? 'none'}, now ${identity.baseCommit ?? 'none'} (the tree changed)`);
  const flags = [...optionDifferences(previous.scope, { ...scope }), ...optionDifferences(previous.options, { ...options })];
  out.push(...flags);
  // A stored run from an older layout may differ only in its hashes: say so rather than nothing.
  if (flags.length === 0 && (previous.run.scopeHash !== identity.scopeHash || previous.run.optionsHash !== identity.optionsHash)) {
    out.push(...identityMismatches(previous.run, identity).filter((m) => m.startsWith('scope') || m.startsWith('options')));
  }
  return out;
}
