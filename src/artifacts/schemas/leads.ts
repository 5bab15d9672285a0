// leads.json: results of other analysers (SARIF given with --leads), each placed in the target and turned into a
// hunter candidate, or dropped with the reason. Which tool and rule each came from stays recorded here; the
// hunter records which finding each became, and the report what became of it.
import { Type, type Static } from '@sinclair/typebox';
import { artifact, Category, RepoPath, Verdict } from './common.ts';
import { LEAD_CHECK_OUTCOMES, LEAD_OUTCOMES, LEAD_STATUSES, literalUnion, SARIF_LEVELS } from './literals.ts';

export const LeadSource = Type.Object(
  {
    path: Type.String({ minLength: 1, description: 'The SARIF file as given on the command line (absolute).' }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Content hash when it was read.' }),
    tools: Type.Array(Type.Object({ name: Type.String(), version: Type.Optional(Type.String()), results: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const Lead = Type.Object(
  {
    id: Type.String({ pattern: '^LEAD-[0-9a-f]{12}$', description: 'Stable id from the tool, rule, location and message.' }),
    source: Type.Integer({ minimum: 0, description: 'Index into sources.' }),
    tool: Type.String({ minLength: 1 }),
    toolVersion: Type.Optional(Type.String()),
    ruleId: Type.String({ minLength: 1, description: "The analyser's rule id." }),
    ruleName: Type.Optional(Type.String()),
    message: Type.String({ minLength: 1, maxLength: 2000, description: "The analyser's message (its claim, not evidence)." }),
    level: literalUnion(SARIF_LEVELS),
    uri: Type.Optional(Type.String({ description: 'The location as the SARIF wrote it.' })),
    file: Type.Optional(RepoPath),
    startLine: Type.Optional(Type.Integer({ minimum: 1 })),
    endLine: Type.Optional(Type.Integer({ minimum: 1 })),
    startColumn: Type.Optional(Type.Integer({ minimum: 1, description: 'Where on startLine the result starts (1-based), when the analyser said.' })),
    cwe: Type.Array(Type.String({ pattern: '^CWE-[0-9]+$' })),
    bugClass: Type.Optional(Type.String({ description: 'The static rule id whose bug class the lead is about (from CWE or rule name).' })),
    category: Category,
    status: literalUnion(LEAD_STATUSES, { description: 'candidate: handed to the hunter; dropped: reason says why.' }),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type Lead = Static<typeof Lead>;

export const Leads = artifact(
  'leads',
  {
    sources: Type.Array(LeadSource),
    leads: Type.Array(Lead),
  },
  'Results of other analysers (SARIF) placed in the target as hunter candidates, or dropped with the reason.',
);
export type Leads = Static<typeof Leads>;

/** What the hunter did with a candidate lead (in hunter-findings.json). */
export const LeadOutcome = Type.Object(
  {
    leadId: Type.String({ pattern: '^LEAD-[0-9a-f]{12}$' }),
    outcome: literalUnion(LEAD_CHECK_OUTCOMES, {
      description: "corroborated: the engine's own finding at that place (findingId) now lists the tool; candidate: a finding of its own; rejected: reason says why.",
    }),
    findingId: Type.Optional(Type.String({ pattern: '^BH-[0-9a-f]{8,}$' })),
    reason: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type LeadOutcome = Static<typeof LeadOutcome>;

/** What became of each lead, joined for the report (scan-report.json `leads`). */
export const LeadReport = Type.Object(
  {
    leadId: Type.String({ pattern: '^LEAD-[0-9a-f]{12}$' }),
    tool: Type.String(),
    ruleId: Type.String(),
    file: Type.Optional(RepoPath),
    startLine: Type.Optional(Type.Integer({ minimum: 1 })),
    outcome: literalUnion(LEAD_OUTCOMES, {
      description: 'dropped by the leads phase, rejected by the hunter, corroborating an engine finding, or a finding of its own.',
    }),
    findingId: Type.Optional(Type.String({ pattern: '^BH-[0-9a-f]{8,}$' })),
    verdict: Type.Optional(Verdict),
    reason: Type.String({ description: "Why it was dropped or rejected, or the referee's reasoning on its finding." }),
  },
  { additionalProperties: false },
);
export type LeadReport = Static<typeof LeadReport>;
