// baseline.json: the fingerprints of findings that already existed at the --baseline commit, and how they were
// obtained. The report marks a finding with one of these fingerprints baseline: true (pre-existing, never failing).
import { Type, type Static } from '@sinclair/typebox';
import { artifact } from './common.ts';

export const BASELINE_SOURCES = ['worktree-scan', 'ledger'] as const;

export const BaselineSummary = Type.Object(
  {
    ref: Type.String({ description: 'The ref as written after --baseline.' }),
    commit: Type.String({ pattern: '^[0-9a-f]{40,64}$', description: 'The commit it names.' }),
    source: Type.Union(BASELINE_SOURCES.map((s) => Type.Literal(s)), {
      description: 'worktree-scan: the base was scanned in a temporary git worktree with the same options and scope; ledger: a recorded run on that commit.',
    }),
    detail: Type.String({ description: 'What was scanned or read, e.g. the base run id and its file count.' }),
  },
  { additionalProperties: false },
);
export type BaselineSummary = Static<typeof BaselineSummary>;

export const Baseline = artifact(
  'baseline',
  {
    ...BaselineSummary.properties,
    fingerprints: Type.Array(Type.String({ pattern: '^[0-9a-f]{16,64}$' }), { description: 'Fingerprints of findings at the base that were not dismissed, sorted.' }),
  },
  'Fingerprints of findings that already existed at the --baseline commit, and how they were obtained.',
);
export type Baseline = Static<typeof Baseline>;
