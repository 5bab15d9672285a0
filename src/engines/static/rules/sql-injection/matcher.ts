// SQL injection: a query call whose SQL text is built by concatenation or a template with substitutions.
// A plain literal with placeholders (parameterised query) or a tagged sql`` template is never a candidate.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, startLine } from '../../ast.ts';
import { bindingValue, classify, combine } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext, SourceFacts } from '../../types.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

const QUERY_METHOD = '\\.(query|execute|raw|exec|run|all|get|each|prepare|unsafe|\\$queryRawUnsafe|\\$executeRawUnsafe|queryRaw|whereRaw|orderByRaw|havingRaw|fromRaw|joinRaw)$';
const SQL_TEXT = /\b(select\b[\s\S]*\bfrom\b|insert\s+into\b|update\s+[\w."`]+\s+set\b|delete\s+from\b|\bwhere\b|order\s+by\b|values\s*\()/i;
const RAW_METHOD = /Raw$/;

/** The SQL-building expression behind a query argument: the argument itself or what its identifier was bound to. */
function builtSql(arg: SgNode): SgNode | null {
  let node: SgNode | null = arg;
  for (let i = 0; i < 3 && node?.kind() === 'identifier'; i++) node = bindingValue(node);
  if (!node) return null;
  return node.kind() === 'template_string' || (node.kind() === 'binary_expression' && node.field('operator')?.text() === '+') ? node : null;
}

/** Literal text and the non-literal parts of a concatenation or template. */
function split(expr: SgNode): { text: string; parts: SgNode[] } {
  if (expr.kind() === 'template_string') {
    const parts = expr.findAll({ rule: { kind: 'template_substitution' } }).flatMap((s) => s.namedChildren());
    return { text: expr.text(), parts };
  }
  const leaves: SgNode[] = [];
  const walk = (n: SgNode): void => {
    if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') {
      for (const side of [n.field('left'), n.field('right')]) if (side) walk(side);
    } else if (n.kind() === 'parenthesized_expression' && n.namedChildren().length === 1) {
      walk(n.namedChildren()[0] as SgNode);
    } else leaves.push(n);
  };
  walk(expr);
  const text = leaves.filter((l) => l.kind() === 'string' || l.kind() === 'template_string').map((l) => l.text()).join(' ');
  return { text, parts: leaves.filter((l) => l.kind() !== 'string') };
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const firstArg = { has: { field: 'arguments', has: { nthChild: 1, any: [{ kind: 'identifier' }, { kind: 'binary_expression' }, { kind: 'template_string', has: { kind: 'template_substitution' } }] } } };
  const calls = ctx.root.findAll({ rule: { kind: 'call_expression', all: [{ has: { field: 'function', kind: 'member_expression', regex: QUERY_METHOD } }, firstArg] } });
  for (const call of calls) {
    const first = argsOf(call)[0];
    if (!first) continue;
    const built = builtSql(first);
    if (!built) continue;
    const { text, parts } = split(built);
    const method = call.field('function')?.field('property')?.text() ?? '';
    if (!SQL_TEXT.test(text) && !RAW_METHOD.test(method)) continue;
    const source: SourceFacts = combine(parts.map((p) => classify(p)));
    const sqlLine = startLine(built);
    const withLine = sqlLine !== startLine(call) && source.kind !== 'literal' ? { ...source, sourceLine: source.sourceLine ?? sqlLine } : source;
    const c = sinkCandidate({
      ruleId: 'sql-injection', sink: call, values: parts, lines: ctx.lines, source: withLine,
      describe: (s) => `\`${call.field('function')?.text() ?? 'query'}\` receives SQL built from ${s.via}.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const sqlInjection: Detector = {
  order: 3,
  rules: ['sql-injection'],
  // A statement shape, not just a keyword: 'update' and 'delete' are everyday words in JavaScript.
  prefilter: /\b(select\s[^;]{0,200}?\bfrom|insert\s+into|update\s+[\w."`]+\s+set|delete\s+from)\b/i,
  run,
};
