// The I/O half of a declared phase, run by the driver around it: before it runs, exactly its declared inputs are read and validated; after,
// each output it returned gets the run-identity header and schema version, all of them are validated, then the
// views are written and the artifacts last (a view never stands beside an artifact of another run's making).
import { join } from 'node:path';
import type { ArtifactName } from '../artifacts/registry.ts';
import type { RunIdentity } from '../artifacts/schemas/common.ts';
import { stamp, type BodyOf } from '../artifacts/stamp.ts';
import { artifactPath, checkArtifact, hasArtifact, readSharedArtifact, UnusableArtifactError, writeSharedArtifact, type ArtifactOf } from '../artifacts/store.ts';
import { otherRunFields } from '../engines/run/identity.ts';
import { PhaseError } from '../foundations/errors.ts';
import { writeFileAtomic } from '../foundations/fs/atomic.ts';

/**
 * Read across runs by design: fixer-scope.json is a grant a person reviews, and a later plan compares its own grant
 * with it rather than replacing it (src/phases/fix-plan/index.ts). Any other input of another run is not an input.
 */
export const READ_ACROSS_RUNS: ReadonlySet<ArtifactName> = new Set(['fixer-scope']);

export type { BodyOf };

/** The outputs as written, header and all. */
export type WrittenOf<W extends ArtifactName> = { [N in W]?: ArtifactOf<N> };

/**
 * Reads every declared input; a required one that is missing, and any that is invalid, fails (the driver adds the hint to run its producer).
 * Only artifacts of this run are inputs: an optional one another run wrote is absent (it is not this run's), a
 * required one fails like a missing one. Inputs are frozen and shared with the other phases that read the same
 * bytes: a phase reads them, never changes them.
 */
export async function loadInputs(outDir: string, reads: { readonly [N in ArtifactName]?: 'required' | 'optional' }, run: RunIdentity): Promise<Record<string, unknown>> {
  const inputs: Record<string, unknown> = {};
  for (const [name, mode] of Object.entries(reads) as [ArtifactName, 'required' | 'optional'][]) {
    const found = mode === 'required' || hasArtifact(outDir, name) ? readSharedArtifact(outDir, name) : undefined;
    // (The target's memory, suppressions.json, carries no run: it belongs to every run.)
    const other = found && 'run' in found && !READ_ACROSS_RUNS.has(name) ? otherRunFields(found.run, run) : [];
    if (other.length === 0) inputs[name] = found;
    else if (mode === 'optional') inputs[name] = undefined;
    else throw new UnusableArtifactError(`${artifactPath(outDir, name)} belongs to another run than run ${run.runId} (${other.join(', ')} differ).`, name, 'other-run');
  }
  return inputs;
}

interface View<W extends ArtifactName> {
  file: string;
  render(written: WrittenOf<W>, outDir: string): string | undefined;
}

/** Stamps, validates and writes the outputs in declaration order; returns them as written. */
export function writeOutputs<W extends ArtifactName>(outDir: string, identity: RunIdentity, writes: readonly W[], outputs: { [N in W]?: BodyOf<N> }, views: readonly View<W>[]): WrittenOf<W> {
  const undeclared = Object.keys(outputs).filter((n) => !(writes as readonly string[]).includes(n));
  if (undeclared.length > 0) throw new PhaseError(`The phase returned ${undeclared.join(', ')}, which it does not declare among its writes (${writes.join(', ')}): its declaration is wrong.`);
  const generatedAt = new Date().toISOString();
  const written: WrittenOf<W> = {};
  for (const name of writes) {
    const body = outputs[name];
    if (body === undefined) continue;
    const artifact = stamp(name, body, identity, generatedAt);
    checkArtifact(outDir, name, artifact);
    written[name] = artifact;
  }
  for (const view of views) {
    const text = view.render(written, outDir);
    if (text !== undefined) writeFileAtomic(join(outDir, view.file), text);
  }
  for (const name of writes) {
    const artifact = written[name];
    // Checked in the loop above; the value has not changed since. Later phases of this process that read the
    // artifact get this value (frozen) while the file is unchanged.
    if (artifact !== undefined) writeSharedArtifact(outDir, name, artifact);
  }
  return written;
}
