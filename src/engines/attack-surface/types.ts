// Recon's internal shapes, derived from the recon.json schema so the two cannot drift.
import type { Recon } from '../../artifacts/schemas/recon.ts';

export type EntryPoint = Recon['entryPoints'][number];
export type TrustBoundary = Recon['trustBoundaries'][number];
export type EntryKind = EntryPoint['kind'];
export type BoundaryKind = TrustBoundary['kind'];

/** What recon learns from one file. */
export interface FileFacts {
  entryPoints: EntryPoint[];
  trustBoundaries: TrustBoundary[];
}
