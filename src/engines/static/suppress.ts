// Inline suppressions, each naming one rule and a reason after a colon:
//   `bug-hunter-ignore <rule-id>: <reason>`        the finding's line or the line below the comment;
//   `bug-hunter-ignore-start <rule-id>: <reason>`  every line up to `bug-hunter-ignore-end [<rule-id>]` (or the file's end);
//   `bug-hunter-ignore-file <rule-id>: <reason>`   the whole file.
// A suppression without a reason does not suppress; it is reported itself (rule suppression-without-reason, at its line).

import type { SUPPRESSION_KINDS } from '../../artifacts/schemas/literals.ts';

export type SuppressionKind = (typeof SUPPRESSION_KINDS)[number];

export interface Suppression {
  line: number;
  ruleId: string;
  reason: string;
  text: string;
  /** Absent in analyses stored before blocks and files existed: a line comment. */
  kind?: SuppressionKind;
  /** block: the last line it covers (the end marker's, or the file's last line). */
  endLine?: number;
}

// The marker must be the first word of a line, block or hash comment: the same words inside a string, a regex,
// or prose that explains the syntax are not a suppression.
const MARKER = /(?:\/\/|\/\*+|^\s*\*|#)\s*bug-hunter-ignore(?:-(file|start|end))?(?![\w-])(.*)$/;
const BODY = /^\s+([a-z][a-z0-9-]*)\s*(?::\s*(.*?))?\s*(?:\*\/.*)?$/;

export function parseSuppressions(lines: readonly string[]): Suppression[] {
  const out: Suppression[] = [];
  const open: Suppression[] = [];
  lines.forEach((text, i) => {
    if (!text.includes('bug-hunter-ignore')) return;
    const m = MARKER.exec(text);
    if (!m) return;
    const body = BODY.exec(m[2] ?? '');
    const ruleId = body?.[1] ?? '';
    if (m[1] === 'end') {
      // Closes the latest open block of its rule (or the latest of any rule when it names none).
      for (let at = open.length - 1; at >= 0; at--) {
        if (ruleId && open[at]!.ruleId !== ruleId) continue;
        open.splice(at, 1)[0]!.endLine = i + 1;
        break;
      }
      return;
    }
    const kind: SuppressionKind = m[1] === 'file' ? 'file' : m[1] === 'start' ? 'block' : 'line';
    const s: Suppression = { line: i + 1, ruleId, reason: (body?.[2] ?? '').trim(), text: text.trim(), kind };
    if (kind === 'block') {
      s.endLine = lines.length;
      open.push(s);
    }
    out.push(s);
  });
  return out;
}

/** True when the suppression reaches `line`. */
export function covers(s: Pick<Suppression, 'line' | 'kind' | 'endLine'>, line: number): boolean {
  if (s.kind === 'file') return true;
  if (s.kind === 'block') return line > s.line && line <= (s.endLine ?? Infinity);
  return s.line === line || s.line === line - 1;
}

/** The reasoned suppression that covers a rule at a line, if any: the nearest kind first (line, block, file). */
export function suppressionFor(all: readonly Suppression[], ruleId: string, line: number): Suppression | null {
  const reaching = all.filter((s) => s.reason.length > 0 && s.ruleId === ruleId && covers(s, line));
  const rank = (s: Suppression) => ['line', 'block', 'file'].indexOf(s.kind ?? 'line');
  return reaching.sort((a, b) => rank(a) - rank(b))[0] ?? null;
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
