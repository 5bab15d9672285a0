// Shared step for taint rules: classify the value reaching a sink, drop literals, look for guards,
// and build the candidate with a line-independent subject.
import type { SgNode } from '@ast-grep/napi';
import { endLine, startLine, symbolOf } from '../ast.ts';
import { validatedBefore } from '../validators.ts';
import { findGuard, isDotDotCheck, joinsToBase } from '../guards.ts';
import { boundValues, classify, combine } from '../taint.ts';
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

// A guard counts only if it neutralises the sink's class (issue #20): a prefix or `..` check (containment) says
// nothing about shell metacharacters, code, SQL, query operators, HTML or XML entities.
const CONTAINMENT_ONLY_FOR = new Set(['path-traversal', 'zip-slip', 'open-redirect', 'ssrf', 'xss-url-attribute']);
// A `..` rejection is a path guard only when the value is joined under a base (path.join keeps an absolute part inside).
const PATH_RULES = new Set(['path-traversal', 'zip-slip']);

/** The parts of a value built with `+` or a template literal: each is guarded, or not, on its own. */
function parts(value: SgNode): SgNode[] {
  const kind = value.kind();
  if (kind === 'parenthesized_expression') return value.namedChildren().flatMap(parts);
  if (kind === 'binary_expression' && value.field('operator')?.text() === '+') return [value.field('left'), value.field('right')].flatMap((n) => (n ? parts(n) : []));
  if (kind === 'template_string') return value.children().filter((c) => c.kind() === 'template_substitution').flatMap((c) => c.namedChildren().flatMap(parts));
  return [value];
}

/** A part an attacker controls: request input or a parameter (configuration and unknown values need no guard of their own). */
function isTainted(facts: SourceFacts): boolean {
  return facts.kind === 'input' || facts.kind === 'param';
}

/** One guard for the sink when every tainted part of its values is guarded by a check that neutralises this class. */
function guardOf(o: SinkOptions, source: SourceFacts): GuardFact | null {
  const ignore = [...(o.ignoreGuards ?? []), ...(CONTAINMENT_ONLY_FOR.has(o.ruleId) ? [] : (['containment'] as const))];
  const accept = (g: GuardFact) => !isDotDotCheck(g) || (PATH_RULES.has(o.ruleId) && o.values.every(joinsToBase));
  const all = [...new Set([...source.names, ...o.values.flatMap(identifiersIn)])];
  // A detector that classified the value itself (an SQL string's parts) is checked as one value.
  if (o.source) return findGuard(o.sink, all, o.lines, ignore, accept);
  const tainted = o.values.flatMap(parts).map((p) => ({ p, facts: classify(p) })).filter(({ facts }) => isTainted(facts));
  if (tainted.length === 0) return findGuard(o.sink, all, o.lines, ignore, accept);
  let first: GuardFact | null = null;
  for (const { p, facts } of tainted) {
    const guard = partGuard(o, p, facts, ignore, accept, 0);
    if (!guard) return null;
    first ??= guard;
  }
  return first;
}

// Local variables a built value is followed through, part by part, before its parts count as one value.
const MAX_EXPANSION = 2;

/**
 * The guard that covers one tainted part. A local variable built from several parts (`cmd = 'gm ' + orig;
 * cmd += ' -style ' + style`) is guarded by a check on the variable itself, or else only when each of its tainted
 * parts is: escaping one operand says nothing about the others.
 */
function partGuard(o: SinkOptions, p: SgNode, facts: SourceFacts, ignore: ReadonlyArray<GuardFact['kind']>, accept: (g: GuardFact) => boolean, level: number): GuardFact | null {
  const own = p.kind() === 'identifier' ? findGuard(o.sink, [p.text()], o.lines, ignore, accept) ?? validatedBefore(o.sink, [p.text()]) : null;
  if (own) return own;
  const bound = level < MAX_EXPANSION && p.kind() === 'identifier' ? boundValues(p) : null;
  const pieces = bound?.flatMap(parts) ?? [];
  // Built from more than one piece: each tainted piece answers for itself.
  if (pieces.length > 1) {
    const taintedPieces = pieces.map((q) => ({ q, f: classify(q) })).filter(({ f }) => isTainted(f));
    if (taintedPieces.length > 0) {
      let first: GuardFact | null = null;
      for (const { q, f } of taintedPieces) {
        const guard = partGuard(o, q, f, ignore, accept, level + 1);
        if (!guard) return null;
        first ??= guard;
      }
      return first;
    }
  }
  const names = [...new Set([...facts.names, ...identifiersIn(p)])];
  // A validator helper called on the value earlier in the sink's function contains it too (src/engines/static/validators.ts).
  return findGuard(o.sink, names, o.lines, ignore, accept) ?? validatedBefore(o.sink, names);
}

/** A candidate unless every value is a literal or sanitised. */
export function sinkCandidate(o: SinkOptions): Candidate | null {
  const source = o.source ?? combine(o.values.map((v) => classify(v)));
  if (source.kind === 'literal' || source.kind === 'sanitised') return null;
  const names = [...new Set([...source.names, ...o.values.flatMap(identifiersIn)])];
  const guard = guardOf(o, source);
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
