// Turns a detector candidate into a schema Finding: the one engine-independent fingerprint and id, exact-line
// evidence quotes, a claim and a runtime trigger taken from the rule's data, and a tainted value's path to the sink.
import { MAX_FLOW_STEPS, type Evidence, type Finding, type FlowStep } from '../../artifacts/schemas/common.ts';
import { findingIdOf, fingerprintOf, normalisePath } from './fingerprint.ts';
import { formerStaticFingerprint } from '../findings/former-fingerprint.ts';
import { lineText } from './ast.ts';
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { calibratedPrecision, requireRule } from './rules.ts';
import type { Candidate, SourceFile } from './types.ts';

const MAX_QUOTE = 4000;
const MAX_EVIDENCE_LINES = 8;

/** `subject`: the sink's text; when the cited lines are longer than a quote may be (minified code), the quote is
 * the stretch of them around it (evidence is checked as a whitespace-normalised substring of the cited lines). */
function evidence(file: string, lines: readonly string[], from: number, to: number, subject?: string): Evidence | null {
  const end = Math.min(to, from + MAX_EVIDENCE_LINES - 1);
  const quote = lineText(lines, from, end);
  if (quote.trim().length === 0) return null;
  if (quote.length <= MAX_QUOTE) return { file, startLine: from, endLine: end, quote };
  const window = subject === undefined ? undefined : stretchAround(normaliseWhitespace(quote), normaliseWhitespace(subject));
  return window ? { file, startLine: from, endLine: end, quote: window } : null;
}

function stretchAround(text: string, subject: string): string | undefined {
  const at = subject.length > 0 && subject.length <= MAX_QUOTE ? text.indexOf(subject) : -1;
  if (at === -1) return undefined;
  const start = Math.max(0, at - Math.floor((MAX_QUOTE - subject.length) / 2));
  return text.slice(start, start + MAX_QUOTE).trim() || undefined;
}

function trigger(template: string, c: Candidate): string {
  const via = c.source?.via;
  const who = via ? `Input from ${via}` : 'Input';
  return template.replace('{source}', who);
}

/**
 * Null when the cited lines cannot be quoted (e.g. a minified line longer than the quote limit). `occurrence`
 * numbers candidates of one rule on the same subject in the file: it only feeds the former fingerprint.
 */
export function toFinding(file: SourceFile, c: Candidate, lines: readonly string[], occurrence: number): Finding | null {
  const rule = requireRule(c.ruleId);
  const path = normalisePath(file.path);
  const sink = evidence(path, lines, c.startLine, c.endLine, c.subject);
  if (!sink) return null;
  const quotes = [sink];
  const srcLine = c.source?.sourceLine;
  if (srcLine && (srcLine < sink.startLine || srcLine > sink.endLine)) {
    const src = evidence(path, lines, srcLine, srcLine);
    if (src) quotes.push(src);
  }
  // The line the identity keys on: the span's first line, or the rule's anchor — quoted when outside the span (one
  // that cannot be quoted, a minified line, leaves the span's first line).
  let anchor = c.anchorLine ?? sink.startLine;
  if (anchor < sink.startLine || anchor > sink.endLine) {
    const at = evidence(path, lines, anchor, anchor, c.subject);
    if (at) quotes.push(at);
    else anchor = sink.startLine;
  }
  const fingerprint = fingerprintOf({ file: path, startLine: anchor, category: rule.category, cwe: rule.cwe ?? undefined }, lines);
  const finding: Finding = {
    id: findingIdOf(fingerprint),
    fingerprint,
    formerFingerprints: [formerStaticFingerprint(path, c.symbol, c.ruleId, c.subject, occurrence)],
    file: path,
    startLine: sink.startLine,
    endLine: sink.endLine,
    symbol: c.symbol,
    category: rule.category,
    severity: c.severity ?? rule.severity,
    confidence: calibratedPrecision(rule),
    claim: `${rule.message} ${c.detail}`.slice(0, 2000),
    evidence: quotes,
    runtimeTrigger: trigger(rule.trigger, c).slice(0, 2000),
    lens: rule.lens,
    engine: 'static',
    ruleId: rule.id,
  };
  if (rule.cwe) finding.cwe = rule.cwe;
  const flow = flowOf(path, c, sink);
  if (flow) finding.flow = flow;
  return finding;
}

const MAX_NOTE = 300;

/** A tainted value's path as the finding shows it: its steps (source first), then the sink. */
function flowOf(path: string, c: Candidate, sink: Evidence): FlowStep[] | undefined {
  const source = c.source;
  if (!source?.steps?.length || (source.kind !== 'input' && !source.api)) return undefined;
  const steps: FlowStep[] = source.steps.map((s) => ({ file: normalisePath(s.file ?? path), line: s.line, note: note(s.note) }));
  steps.push({ file: path, line: sink.startLine, note: note(`sink: ${c.subject}`) });
  // The source and the steps nearest the sink when the path is longer than a finding keeps.
  return steps.length > MAX_FLOW_STEPS ? [steps[0] as FlowStep, ...steps.slice(-(MAX_FLOW_STEPS - 1))] : steps;
}

function note(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_NOTE ? `${one.slice(0, MAX_NOTE - 1)}…` : one || 'a step';
}
