// baseline.json: the fingerprints of findings that already existed at the --baseline commit, and how they were
// obtained. The report marks a finding with one of these fingerprints baseline: true (pre-existing, never failing).
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, SARIF_RESULT_LEVELS } from './literals.ts';
import { artifact, RepoPath, Severity } from './common.ts';

export const BASELINE_SOURCES = ['worktree-scan', 'ledger'] as const;

export const BaselineSummary = Type.Object(
  {
    ref: Type.String({ description: 'The ref as written after --baseline.' }),
    commit: Type.String({ pattern: '^[0-9a-f]{40,64}$', description: 'The commit it names.' }),
    source: literalUnion(BASELINE_SOURCES, {
      description: 'worktree-scan: the base was scanned in a temporary git worktree with the same options and scope; ledger: a recorded run on that commit.',
    }),
    detail: Type.String({ description: 'What was scanned or read, e.g. the base run id and its file count.' }),
  },
  { additionalProperties: false },
);
export type BaselineSummary = Static<typeof BaselineSummary>;

/** What a SARIF result needs to report a base finding as baselineState "absent" when the head no longer has it. */
export const BaseFinding = Type.Object(
  {
    fingerprint: Type.String({ pattern: '^[0-9a-f]{16,64}$' }),
    ruleId: Type.String({ minLength: 1, description: 'The SARIF rule id the base reported it under.' }),
    category: Type.String({ minLength: 1 }),
    file: RepoPath,
    startLine: Type.Integer({ minimum: 1 }),
    endLine: Type.Integer({ minimum: 1 }),
    claim: Type.String(),
    severity: Severity,
    level: literalUnion(SARIF_RESULT_LEVELS, { description: 'Its SARIF level at the base.' }),
  },
  { additionalProperties: false },
);
export type BaseFinding = Static<typeof BaseFinding>;

export const Baseline = artifact(
  'baseline',
  {
    ...BaselineSummary.properties,
    fingerprints: Type.Array(Type.String({ pattern: '^[0-9a-f]{16,64}$' }), { description: 'Fingerprints of findings at the base that were not dismissed, sorted.' }),
    findings: Type.Optional(
      Type.Array(BaseFinding, {
        description: 'The base findings its report showed (not dismissed, not suppressed), by fingerprint: reported absent at the head when gone from it. Missing in a baseline.json written before this field.',
      }),
    ),
  },
  'Fingerprints of findings that already existed at the --baseline commit, and how they were obtained.',
);
export type Baseline = Static<typeof Baseline>;
