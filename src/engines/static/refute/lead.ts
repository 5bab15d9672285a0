// The static skeptic for a lead from another analyser: the same source and guard checks the engine's own taint
// findings get, applied to the values passed at the cited lines. It can refute a lead (test code, literal or
// configuration values, a guard) or uphold its source, but it never confirms one: with no static rule of ours
// behind it, the referee leaves an upheld lead to a person (or to a model referee).
import type { SgNode } from '@ast-grep/napi';
import type { Finding } from '../../../artifacts/schemas/common.ts';
import type { Lead } from '../../../artifacts/schemas/leads.ts';
import { argsOf, startLine } from '../ast.ts';
import { findGuard } from '../guards.ts';
import { identifiersIn } from '../matchers/sink.ts';
import { langFor, parseSource } from '../parse.ts';
import { isNonProduction, type RefuteOptions } from './static.ts';
import { getRule } from '../rules.ts';
import { beginSourceFile } from '../sources/handlers.ts';
import { beginFile, classify, combine } from '../taint.ts';
import type { SourceFile } from '../types.ts';
import { classOf } from '../lead-classes.ts';
import { AT_CITED_LINE, guardVote, noGuardVote, sourceVote, staticVote as vote, testCodeVote, type Refutation } from './votes.ts';

/** Which analyser raised the lead and under which of its rules (engines/leads/finding.ts's leadOrigin). */
export interface LeadOrigin {
  tool: string;
  ruleId: string;
}

/**
 * The calls and `new` expressions the lead points at: with a column, the innermost one containing that position
 * (`res.json({ v: eval(x) })` flagged at `eval` is the eval call); without one, every call starting on its lines.
 */
function callsAt(root: SgNode, from: number, to: number, column?: number): SgNode[] {
  const all = root.findAll({ rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }] } }).filter((n) => {
    const line = startLine(n);
    return line >= from && line <= to;
  });
  if (column === undefined) return all;
  // SARIF columns are 1-based characters; ast-grep's are 0-based (equal for ASCII lines, the common case).
  const at = column - 1;
  const containing = all.filter((n) => {
    const r = n.range();
    const afterStart = r.start.line + 1 < from || r.start.column <= at;
    const beforeEnd = r.end.line + 1 > from || r.end.column > at;
    return afterStart && beforeEnd;
  });
  const innermost = containing.sort((a, b) => (a.range().end.index - a.range().start.index) - (b.range().end.index - b.range().start.index))[0];
  return innermost ? [innermost] : all;
}

/** `origin`: the analyser and rule behind the finding; `lead` is the leads.json record it came from (its column), when known. */
export function refuteLead(finding: Finding, origin: LeadOrigin, file: SourceFile, lead?: Pick<Lead, 'startColumn' | 'startLine'>, options: RefuteOptions = {}): Refutation[] {
  const out: Refutation[] = [];
  if (isNonProduction(file) && !options.includeTests) {
    out.push(testCodeVote(file.path));
  }
  const cls = classOf(origin.ruleId, finding.cwe ? [finding.cwe] : []);
  const rule = cls.bugClass ? getRule(cls.bugClass) : undefined;
  const lang = langFor(file);
  if (!rule?.taint || lang === null) {
    out.push(vote('source', 'abstained', `No static check of ours applies to ${origin.tool}'s rule ${origin.ruleId}${rule ? '' : ' (no known bug class)'}; a person or a model referee decides.`));
    return out;
  }
  const root = parseSource(lang, file.content).root();
  beginFile(file.publicApi !== undefined);
  beginSourceFile(file.path, file.content);
  const column = lead?.startLine === finding.startLine ? lead.startColumn : undefined;
  const calls = callsAt(root, finding.startLine, finding.endLine, column);
  const values = calls.flatMap((c) => (c.kind() === 'new_expression' ? (c.field('arguments')?.namedChildren() ?? []).filter((a) => a.kind() !== 'comment') : argsOf(c)));
  if (values.length === 0) {
    out.push(vote('source', 'abstained', `Nothing at ${finding.file}:${finding.startLine} passes a value that could be traced.`));
    return out;
  }
  const s = combine(values.map((v) => classify(v)));
  out.push(sourceVote(s, AT_CITED_LINE));
  const names = [...new Set([...s.names, ...values.flatMap(identifiersIn)])];
  const guard = calls[0] ? findGuard(calls[0], names, file.content.split(/\r?\n/)) : null;
  if (guard) out.push(guardVote(guard, AT_CITED_LINE.place));
  else if (s.kind === 'input') out.push(noGuardVote(AT_CITED_LINE.place));
  return out;
}
