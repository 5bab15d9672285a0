// What the phases about to run need from the machine, checked before the first phase so a run never fails after
// a long scan for a reason known at the start: a phase that makes git worktrees needs a git repository, and phases
// that run untrusted code need a sandbox backend or the loudly named opt-out. Each phase declares its needs in the
// registry (PipelineEntry.needs).
import { UsageError } from '../foundations/errors.ts';
import { gitTopLevel } from '../engines/git/git.ts';
import type { RunOptions } from '../engines/run/options.ts';
import { selectBackend } from '../engines/sandbox/select.ts';
import { SandboxUnavailableError } from '../engines/sandbox/types.ts';
import { findPhase, type MachineNeed, type PipelineEntry } from './registry.ts';

/** The flag that asks for an opt-in phase, for messages ("--fix needs …"). */
const FLAG_OF: Record<NonNullable<PipelineEntry['optIn']>, string> = { verify: '--verify', repro: '--repro', fix: '--fix', depScan: '--dep-scan', leads: '--leads' };

function flagOf(entry: PipelineEntry): string {
  return entry.optIn ? FLAG_OF[entry.optIn] : `phase ${entry.name}`;
}

/** Throws UsageError (exit 2) when the target is not in git and a phase needs it; SandboxUnavailableError (exit 3)
 * when a phase runs untrusted code and no backend can. `phases`: the names about to run. */
export function checkPreconditions(target: string, phases: readonly string[], options: Pick<RunOptions, 'sandboxBackend' | 'allowUnsandboxed'>): void {
  const entries = phases.flatMap((name) => findPhase(name) ?? []);
  const needing = (need: MachineNeed) => entries.filter((e) => e.needs?.includes(need));
  const [git] = needing('git');
  if (git && !gitTopLevel(target)) {
    throw new UsageError(`${flagOf(git)} needs a git repository (fixes are made in a git worktree), and ${target} is not inside one. Run it on a git checkout, or leave out ${flagOf(git)}.`);
  }
  const sandboxed = needing('sandbox');
  if (sandboxed.length === 0) return;
  try {
    selectBackend({ backend: options.sandboxBackend ?? 'auto', allowUnsandboxed: options.allowUnsandboxed ?? false });
  } catch (error) {
    if (!(error instanceof SandboxUnavailableError)) throw error;
    const flags = sandboxed.map(flagOf).join(', ');
    throw new SandboxUnavailableError(`${flags} run${sandboxed.length === 1 ? 's' : ''} untrusted code, and nothing was started: ${error.message}`, { cause: error });
  }
}
