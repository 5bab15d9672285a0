// Inline suppressions: `bug-hunter-ignore <rule-id>: <reason>` on the finding's line or the line above.
// A suppression without a reason does not suppress; it is reported itself.

export interface Suppression {
  line: number;
  ruleId: string;
  reason: string;
  text: string;
}

// The marker must be the first word of a line, block or hash comment: the same words inside a string, a regex,
// or prose that explains the syntax are not a suppression.
const MARKER = /(?:\/\/|\/\*+|^\s*\*|#)\s*bug-hunter-ignore\b(.*)$/;
const BODY = /^\s+([a-z][a-z0-9-]*)\s*(?::\s*(.*?))?\s*(?:\*\/.*)?$/;

export function parseSuppressions(lines: readonly string[]): Suppression[] {
  const out: Suppression[] = [];
  lines.forEach((text, i) => {
    if (!text.includes('bug-hunter-ignore')) return;
    const m = MARKER.exec(text);
    if (!m) return;
    const body = BODY.exec(m[1] ?? '');
    out.push({ line: i + 1, ruleId: body?.[1] ?? '', reason: (body?.[2] ?? '').trim(), text: text.trim() });
  });
  return out;
}

/** The reasoned suppression that covers a rule at a line, if any. */
export function suppressionFor(all: readonly Suppression[], ruleId: string, line: number): Suppression | null {
  return all.find((s) => s.reason.length > 0 && s.ruleId === ruleId && (s.line === line || s.line === line - 1)) ?? null;
}

// The skeptic's vote about an inline suppression is the record the report reads it back from: one wording, written
// and parsed here only, so the two cannot drift.
const APPLIED = /^Suppressed on line (\d+): (.*)$/s;
const SET_ASIDE = /^Not applied \(([^)]*)\): bug-hunter-ignore on line (\d+): (.*)$/s;

export function appliedVoteReason(s: Pick<Suppression, 'line' | 'reason'>): string {
  return `Suppressed on line ${s.line}: ${s.reason}`;
}

export function setAsideVoteReason(s: Pick<Suppression, 'line' | 'reason'>, why: string): string {
  return `Not applied (${why.replace(/[()]/g, '')}): bug-hunter-ignore on line ${s.line}: ${s.reason}`;
}

/** The inline suppression a skeptic vote of seat `suppression` records, and why it was set aside when it was. */
export function parseSuppressionVote(reason: string): { line: number; reason: string; why?: string } | null {
  const applied = APPLIED.exec(reason);
  if (applied) return { line: Number(applied[1]), reason: applied[2]! };
  const aside = SET_ASIDE.exec(reason);
  return aside ? { line: Number(aside[2]), reason: aside[3]!, why: aside[1]! } : null;
}
