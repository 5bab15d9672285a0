// The one place an artifact gets its header: schema version, artifact name, run identity and time. Phases and
// commands compute bodies; the driver (or a command's shell) stamps them here, so no header is written by hand.
import type { ArtifactName } from './registry.ts';
import { SCHEMA_VERSION, type RunIdentity } from './schemas/common.ts';
import type { ArtifactOf } from './store.ts';

type Header = 'schemaVersion' | 'artifact' | 'run' | 'generatedAt';

/** An artifact without its header: what a phase computes. */
export type BodyOf<N extends ArtifactName> = Omit<ArtifactOf<N>, Header>;

/** The body of an artifact read from disk: its header taken off, so a restamp cannot keep another run's. */
export function bodyOf<A extends object>(artifact: A): Omit<A, Header> {
  const { schemaVersion: _v, artifact: _a, run: _r, generatedAt: _g, ...body } = artifact as A & Partial<Record<Header, unknown>>;
  return body;
}

/** The header every artifact starts with, then the body in its own key order (a header the body carries is dropped). */
export function stamp<N extends ArtifactName>(name: N, body: BodyOf<N>, identity: RunIdentity, generatedAt: string): ArtifactOf<N> {
  return { schemaVersion: SCHEMA_VERSION, artifact: name, run: identity, generatedAt, ...bodyOf(body) } as unknown as ArtifactOf<N>;
}
