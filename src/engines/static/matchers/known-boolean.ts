// Guard model for loose-boolean-compare: a name or `this.member` whose every write in the file is boolean-valued
// (true/false, `!e`, a comparison, or a parameter whose default is a boolean literal or whose type is `boolean`).
// `x == true` on such a value cannot coerce: it is the same test as `x`. One unknown write and the guard fails.
import type { SgNode } from '@ast-grep/napi';

const COMPARISON = /^(?:[=!]==?|[<>]=?|instanceof|in)$/;
const NAME = /^(?:this\.)?[\w$]+$/;

function booleanExpr(root: SgNode, expr: SgNode | null, depth: number): boolean {
  if (!expr) return false;
  const kind = String(expr.kind());
  if (kind === 'true' || kind === 'false') return true;
  if (kind === 'parenthesized_expression') return booleanExpr(root, expr.namedChildren().find((c) => c.kind() !== 'comment') ?? null, depth);
  if (kind === 'unary_expression') return expr.field('operator')?.text() === '!';
  if (kind === 'binary_expression') return COMPARISON.test(expr.field('operator')?.text() ?? '');
  if (kind === 'identifier' && depth < 2) return knownBoolean(root, expr.text(), depth + 1);
  return false;
}

/** True when every write of `name` in the file is boolean-valued and there is at least one. */
export function knownBoolean(root: SgNode, name: string, depth = 0): boolean {
  if (!NAME.test(name)) return false;
  let writes = 0;
  for (const a of root.findAll({ rule: { any: [{ kind: 'assignment_expression' }, { kind: 'augmented_assignment_expression' }] } })) {
    if (a.field('left')?.text().replace(/\s+/g, '') !== name) continue;
    if (a.kind() !== 'assignment_expression' || !booleanExpr(root, a.field('right'), depth)) return false;
    writes++;
  }
  // `x++`, destructuring and for-in/of writes are never boolean; a name written that way is unknown.
  if (root.find({ rule: { kind: 'update_expression', has: { regex: `^${name.replace(/[$.]/g, '\\$&')}$` } } })) return false;
  if (name.startsWith('this.')) return writes > 0;
  for (const d of root.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: `^${name.replace(/\$/g, '\\$')}$` } } })) {
    if (!booleanExpr(root, d.field('value'), depth)) return false;
    writes++;
  }
  // Parameters: a default that is a boolean literal or a `boolean` type counts; a bare parameter is caller-chosen.
  for (const p of root.findAll({ rule: { kind: 'formal_parameters' } })) {
    for (const param of p.namedChildren()) {
      const kind = String(param.kind());
      const target = kind === 'assignment_pattern' ? param.field('left') : kind === 'required_parameter' || kind === 'optional_parameter' ? param.field('pattern') : param;
      if (target?.text() !== name) continue;
      const value = kind === 'assignment_pattern' ? param.field('right') : param.field('value');
      const typed = /^:\s*boolean$/.test(param.field('type')?.text() ?? '');
      if (!typed && !(value && ['true', 'false'].includes(String(value.kind())))) return false;
      writes++;
    }
  }
  return writes > 0;
}
