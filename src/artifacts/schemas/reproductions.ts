// reproductions.json: what the repro phase proved, one entry per confirmed finding. Its own artifact, so the verify
// phase's report and the repro phase's outcomes each have exactly one producer.
import { type Static, Type } from '@sinclair/typebox';
import { artifact } from './common.ts';
import { Reproduction } from './verification-report.ts';

export const Reproductions = artifact(
  'reproductions',
  { reproductions: Type.Array(Reproduction) },
  'Reproduction outcome per confirmed finding: a generated failing test run in the sandbox (T1 when proven), or why not.',
);
export type Reproductions = Static<typeof Reproductions>;
