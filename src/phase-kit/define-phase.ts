// A phase is declared once: definePhase({ name, reads, writes, roles, run }). The driver uses that declaration for
// everything around the phase — which artifacts to load and validate before it runs, which outputs it may return,
// the run-identity header on each, the "run phase X first" hints and what a resume may keep. The phase's `run`
// receives its inputs and returns artifact bodies; it never reads or writes an artifact file itself.
import type { ArtifactName } from '../artifacts/registry.ts';
import type { ArtifactOf } from '../artifacts/store.ts';
import type { Role } from '../engines/models/types.ts';
import type { PhaseContext, PhaseDefinition } from './types.ts';
import { loadInputs, writeOutputs, type BodyOf, type WrittenOf } from './declared-io.ts';
import { withDeclaredRoles } from './roles.ts';

/** 'required': the phase fails without it (with the hint to run its producer); 'optional': used when present. */
export type ReadMode = 'required' | 'optional';
export type ReadDeclaration = { readonly [N in ArtifactName]?: ReadMode };

/** What the driver hands the phase: each declared artifact, validated; an optional one may be undefined. */
export type InputsOf<R extends ReadDeclaration> = { -readonly [N in keyof R & ArtifactName]: R[N] extends 'required' ? ArtifactOf<N> : ArtifactOf<N> | undefined };

/** What a phase returns: the bodies (no header) of the declared outputs it produced this time. */
export type OutputsOf<W extends ArtifactName> = { [N in W]?: BodyOf<N> };

/** A rendered view of an output (report.md, threat-model.md): written before the artifacts, from the stamped outputs. */
export interface PhaseView<W extends ArtifactName> {
  file: string;
  /** undefined: no view this time. `outDir`: the artifact folder, for a view that extends an existing file. */
  render(written: WrittenOf<W>, outDir: string): string | undefined;
}

export interface PhaseDeclaration<R extends ReadDeclaration, W extends ArtifactName> {
  name: string;
  summary: string;
  reads: R;
  writes: readonly W[];
  /** The model roles the phase may ask; with none bound it runs on the static engine. */
  roles: readonly Role[];
  views?: readonly PhaseView<W>[];
  run(ctx: PhaseContext, inputs: InputsOf<R>): Promise<OutputsOf<W>>;
}

/** The declaration as the driver runs it: `run(ctx)` loads the inputs, runs the phase, writes and returns its outputs. */
export interface DeclaredPhase<W extends ArtifactName> extends PhaseDefinition {
  run(ctx: PhaseContext): Promise<WrittenOf<W>>;
}

export function definePhase<const R extends ReadDeclaration, const W extends ArtifactName>(declaration: PhaseDeclaration<R, W>): DeclaredPhase<W> {
  const reads = Object.keys(declaration.reads) as ArtifactName[];
  return {
    name: declaration.name,
    summary: declaration.summary,
    reads,
    requires: reads.filter((n) => declaration.reads[n] === 'required'),
    writes: declaration.writes,
    viewFiles: (declaration.views ?? []).map((v) => v.file),
    roles: declaration.roles,
    async run(ctx) {
      const inputs = await loadInputs(ctx.outDir, declaration.reads, ctx.identity);
      const outputs = await declaration.run(withDeclaredRoles(ctx, declaration.name, declaration.roles), inputs as InputsOf<R>);
      return writeOutputs(ctx.outDir, ctx.identity, declaration.writes, outputs, declaration.views ?? []);
    },
  };
}
