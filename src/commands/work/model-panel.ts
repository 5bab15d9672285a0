// The model reviewers of the fix queue's panel: code-reviewer, spec-compliance, test-coverage and scope-checker,
// plus red-team when the change is security-sensitive — asked in parallel, each with its own prompt
// (prompts/review/), through the model layer (the referee role: the judge, never the fixer that wrote the fix;
// a `command` provider makes them agent CLIs). An answer that cannot be read fails its reviewer (could not check
// is never a pass); a provider that cannot be reached throws, so the issue ends systemic, not failed by review.
import { Type, type Static } from '@sinclair/typebox';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { ProviderError } from '../../foundations/errors.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import { isSecurityFinding } from '../../engines/security/classify.ts';
import type { FileChange } from './diff-stats.ts';
import type { FixProof } from './pr-body.ts';
import type { QueueIssue } from './queue-issue.ts';
import type { NotRun, ReviewerName, ReviewerVerdict } from './review-panel.ts';
import { literalUnion, PANEL_VERDICTS } from '../../artifacts/schemas/literals.ts';

export const PanelAnswer = Type.Object(
  {
    verdict: literalUnion(PANEL_VERDICTS),
    remarks: Type.Array(
      Type.Object({ remark: Type.String({ minLength: 1, maxLength: 2000 }), file: Type.Optional(Type.String({ maxLength: 500 })), line: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false }),
      { maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
export type PanelAnswer = Static<typeof PanelAnswer>;

export interface PanelSubject {
  issue: QueueIssue;
  finding: ReportedFinding;
  patch: string;
  changes: readonly FileChange[];
  proof: FixProof;
  signal?: AbortSignal;
}

export interface ModelVerdicts {
  verdicts: ReviewerVerdict[];
  notRun: NotRun[];
}

export type ModelPanel = (subject: PanelSubject) => Promise<ModelVerdicts>;

const ALWAYS: ReviewerName[] = ['code-reviewer', 'spec-compliance', 'test-coverage', 'scope-checker'];
// Paths whose code guards something: a change there gets the red-team's attack too.
const SENSITIVE_PATH = /(auth|login|logout|passw|secret|token|session|cookie|crypt|cipher|hash|sign|jwt|oauth|saml|csrf|cors|acl|permission|role|privilege|sanitiz|escape|secur|admin|upload|exec|shell|sql|query|redirect)/i;

/** Why the change needs the red-team, or null: a security finding, or a changed file on a sensitive path. */
export function securitySensitive(finding: ReportedFinding, changes: readonly FileChange[]): string | null {
  if (isSecurityFinding(finding.finding)) return `a security finding (${finding.finding.category})`;
  const path = changes.map((c) => c.path).find((p) => SENSITIVE_PATH.test(p));
  return path ? `${path} is security-sensitive` : null;
}

export function panelPrompt(subject: PanelSubject): string {
  const f = subject.finding.finding;
  const p = subject.proof;
  return [
    sourceBlock('context', `issue #${subject.issue.number}`, `${subject.issue.title}\n\n${subject.issue.body}`.slice(0, 20_000)),
    `<finding id="${f.id}">\n${f.category} in ${f.file}:${f.startLine}-${f.endLine}${f.symbol ? ` (${f.symbol})` : ''}\nClaim: ${f.claim}\nTrigger: ${f.runtimeTrigger}\n</finding>`,
    `<proof>\nReproduction before the fix: ${p.before.outcome} (${p.before.detail})\nReproduction after the fix: ${p.after.outcome} (${p.after.detail})\nChecks after the fix: ${p.suite.passed} of ${p.suite.total} pass (${p.suite.command})\n</proof>`,
    sourceBlock('source', 'fix.diff', subject.patch.slice(0, 40_000)),
  ].join('\n\n');
}

export function modelPanel(models: ModelClient): ModelPanel {
  return async (subject) => {
    const sensitive = securitySensitive(subject.finding, subject.changes);
    const names = sensitive ? [...ALWAYS, 'red-team' as const] : ALWAYS;
    const prompt = panelPrompt(subject);
    const settled = await Promise.allSettled(names.map((name) => askReviewer(models, name, prompt, subject.signal)));
    const unreachable = settled.find((s) => s.status === 'rejected');
    if (unreachable) throw unreachable.reason;
    return { verdicts: settled.map((s) => (s as PromiseFulfilledResult<ReviewerVerdict>).value), notRun: sensitive ? [] : [{ reviewer: 'red-team', why: 'no security-sensitive change' }] };
  };
}

/** Without a model only the rule reviewers run; the brief says which ones did not. */
export const rulesOnlyPanel: ModelPanel = (subject) => {
  const sensitive = securitySensitive(subject.finding, subject.changes);
  const why = "no model for the 'referee' role";
  const notRun: NotRun[] = [{ reviewer: 'code-reviewer', why }, { reviewer: 'red-team', why: sensitive ? `${why}, and ${sensitive}` : 'no security-sensitive change' }];
  return Promise.resolve({ verdicts: [], notRun });
};

async function askReviewer(models: ModelClient, reviewer: ReviewerName, prompt: string, signal: AbortSignal | undefined): Promise<ReviewerVerdict> {
  let answer: PanelAnswer;
  try {
    answer = (await models.complete<PanelAnswer>({ role: 'referee', system: systemPrompt(`review/${reviewer}.md`), prompt, schema: PanelAnswer, schemaName: 'panel_review', ...(signal ? { signal } : {}) })).value;
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'invalid-output') return { reviewer, passed: false, remarks: [`its review could not be read, so the fix is not cleared (${error.message.slice(0, 300)})`] };
    throw error;
  }
  const remarks = answer.remarks.map((r) => `${r.file ? `${r.file}${r.line ? `:${r.line}` : ''}: ` : ''}${r.remark.replace(/\s+/g, ' ').trim()}`);
  return { reviewer, passed: answer.verdict === 'pass', remarks };
}
