// Shared step for taint rules: classify the value reaching a sink, drop literals, look for guards,
// and build the candidate with a line-independent subject.
import type { SgNode } from '@ast-grep/napi';
import { endLine, startLine, symbolOf } from '../ast.ts';
import { findGuard } from '../guards.ts';
import { classify, combine } from '../taint.ts';
import type { Candidate, GuardFact, SourceFacts } from '../types.ts';

/** Names a guard may test: identifiers and dotted member paths (req.params.name) inside a value. */
export function identifiersIn(node: SgNode): string[] {
  if (node.kind() === 'identifier') return [node.text()];
  const ids = node.findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'member_expression' }] } }).map((n) => n.text());
  if (node.kind() === 'member_expression') ids.push(node.text());
  return [...new Set(ids.filter((t) => /^[\w$]+(\.[\w$]+)*$/.test(t)))].slice(0, 24);
}

export interface SinkOptions {
  ruleId: string;
  /** The call (or other node) whose lines are cited. */
  sink: SgNode;
  /** The values that reach the dangerous parameter. */
  values: SgNode[];
  lines: readonly string[];
  describe: (source: SourceFacts) => string;
  /** Extra source facts already computed by the detector (e.g. an SQL string's parts). */
  source?: SourceFacts;
  /** Guard kinds that do not neutralise this sink (HTML escaping does not make a URL safe). */
  ignoreGuards?: ReadonlyArray<GuardFact['kind']>;
}

/** A candidate unless every value is a literal or sanitised. */
export function sinkCandidate(o: SinkOptions): Candidate | null {
  const source = o.source ?? combine(o.values.map((v) => classify(v)));
  if (source.kind === 'literal' || source.kind === 'sanitised') return null;
  const names = [...new Set([...source.names, ...o.values.flatMap(identifiersIn)])];
  const guard = findGuard(o.sink, names, o.lines, o.ignoreGuards);
  const candidate: Candidate = {
    ruleId: o.ruleId,
    startLine: startLine(o.sink),
    endLine: endLine(o.sink),
    symbol: symbolOf(o.sink),
    subject: o.sink.text(),
    detail: o.describe(source),
    source: { ...source, names },
  };
  if (guard) candidate.guard = guard;
  return candidate;
}
