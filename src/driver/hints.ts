// "Run 'bug-hunter phase X' first": the command that writes an artifact, derived from the phase declarations (the
// phase whose `writes` holds it), so a hint can only name a phase that exists and writes the artifact. Artifacts no
// phase declares are written by a command of their own, listed here. Phases are loaded only when a hint is needed.
import type { ArtifactName } from '../artifacts/registry.ts';
import { UnusableArtifactError } from '../artifacts/store.ts';
import { PIPELINE } from './registry.ts';

/** Artifacts outside every phase's writes: the run state (the driver, when a run starts), the target's memory and
 * the commands that are not phases (and `pnpm benchmark`, the maintainers' script). */
export const COMMAND_PRODUCERS: Partial<Record<ArtifactName, string>> = {
  state: 'bug-hunter phase triage',
  ledger: 'bug-hunter phase report',
  suppressions: 'bug-hunter dismiss',
  baseline: 'bug-hunter scan --baseline <ref>',
  'benchmark-report': 'pnpm benchmark',
  'publish-report': 'bug-hunter publish',
  'cache-usage': 'bug-hunter scan',
  'work-report': 'bug-hunter work',
  'repro-report': 'bug-hunter repro',
};

/** The phases that declare `name` among their writes, in pipeline order. */
export async function producingPhases(name: ArtifactName): Promise<string[]> {
  const found: string[] = [];
  for (const entry of PIPELINE) {
    if ((await entry.load()).writes.includes(name)) found.push(entry.name);
  }
  return found;
}

/** The command that writes `name`: its producing phase, else the command that is not a phase. */
export async function producerOf(name: ArtifactName): Promise<string | undefined> {
  const [phase] = await producingPhases(name);
  return phase ? `bug-hunter phase ${phase}` : COMMAND_PRODUCERS[name];
}

/** An unusable artifact's error with what to do next; anything else unchanged. */
export async function withRerunHint(error: unknown): Promise<unknown> {
  if (!(error instanceof UnusableArtifactError) || error.hinted) return error;
  const producer = await producerOf(error.artifact);
  if (!producer) return error;
  const hint = error.problem === 'invalid' ? `Re-run '${producer}' or delete the file.` : `Run '${producer}' first.`;
  return new UnusableArtifactError(`${error.message} ${hint}`, error.artifact, error.problem, { cause: error, hinted: true });
}
