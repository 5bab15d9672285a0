// The draft pull request's title and body: Closes #N, the proof (the reproduction failed before and passes after, how many
// other tests still pass), every gate with its figure, and the panel's review brief. Reviewer text is model
// output: escaped like any untrusted text. Pure.
import { ghLine, ghText, ghTitle } from '../../engines/publish/escape.ts';
import { inlineCode } from '../../engines/report/text.ts';
import type { WorkGate } from './gates.ts';
import type { WorkLight } from '../../artifacts/schemas/literals.ts';

export interface FixProof {
  /** The reproduction (or the issue's failing test) on the base commit, and after the fix. */
  before: { outcome: WorkLight; detail: string };
  after: { outcome: WorkLight; detail: string };
  /** The repository's verify command after the fix. */
  suite: { command: string; passed: number; total: number };
}

export interface PrBodyInput {
  issue: number;
  proof: FixProof;
  gates: readonly WorkGate[];
  reviewBrief: string;
  attempt: number;
  maxAttempts: number;
}

/** The pull request's title: the issue's title is repository-side text, so it is flattened to one line without
 * control characters (ESC, OSC-8 links, C0/C1, bidi overrides) or pings, like a published issue's title. */
export function pullRequestTitle(issue: number, title: string): string {
  return `Fix #${issue}: ${ghTitle(title, 240)}`;
}

const MARK = { failed: '❌ failed', passed: '✅ passed', none: '— not run' } as const;

export function pullRequestBody(input: PrBodyInput): string {
  const { proof } = input;
  const out = [
    `Closes #${input.issue}`,
    '',
    '### Proof',
    '',
    '| | |',
    '|---|---|',
    `| Before the fix | ${MARK[proof.before.outcome]} — ${ghText(proof.before.detail).replace(/\n/g, ' ')} |`,
    `| After the fix | ${MARK[proof.after.outcome]} — ${ghText(proof.after.detail).replace(/\n/g, ' ')} |`,
    `| Other tests | ${proof.suite.passed} of ${proof.suite.total} pass (${inlineCode(proof.suite.command)}) |`,
    '',
    '### Gates',
    '',
    '| gate | figure | limit | |',
    '|---|---|---|---|',
    ...input.gates.map((g) => `| ${g.gate} | ${g.figure} | ${g.limit ?? '—'} | ${g.passed ? (g.waived ? `waived: ${g.waived}` : 'passed') : '**failed**'} |`),
    '',
    '### Review',
    '',
    ...reviewList(input.reviewBrief),
    '',
    '---',
    `Draft opened by the bug-hunter fix queue (attempt ${input.attempt} of ${input.maxAttempts}). Review before merging.`,
  ];
  return `${out.join('\n')}\n`;
}

// The panel's brief is one remark a line ("- reviewer: remark", "- **failed** reviewer: remark"): each becomes a list
// item whose text is escaped on its own line, so the list renders as a list and a remark cannot add markup.
function reviewList(brief: string): string[] {
  const lines = brief.split('\n').map((l) => l.trim().replace(/^- /, '')).filter(Boolean);
  if (lines.length === 0) return ['No remarks.'];
  return lines.map((line) => (line.startsWith('**failed** ') ? `- **failed** ${ghLine(line.slice('**failed** '.length))}` : `- ${ghLine(line)}`));
}
