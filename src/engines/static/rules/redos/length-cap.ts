// Whether the matched text's length is checked before the match (`if (s.length > 100) throw`, `MAX < s.length`): a
// cap bounds the match time, so the finding carries a guard. A comparison with a counter is no cap: `i <
// lines.length` in `for (var i = 0; i < lines.length; i++)` bounds the index that walks the lines, not any line's
// length (a text split into lines and matched line by line read as capped).
import type { SgNode } from '@ast-grep/napi';
import { memoOnNode } from '../../ast.ts';

const COMPARES = /^(<|>|<=|>=)$/;

/** The texts a function (or the module) steps as counters: `i++`, `--n`, `pos += 2`, `j -= 1`. */
function counters(scope: SgNode): Set<string> {
  return memoOnNode(scope, 'redos length-cap counters', () => {
    const stepped = scope.findAll({ rule: { any: [{ kind: 'update_expression' }, { kind: 'augmented_assignment_expression', regex: '^[^=]*[-+]=' }] } });
    return new Set(stepped.map((s) => (s.kind() === 'update_expression' ? s.field('argument') : s.field('left'))?.text() ?? ''));
  });
}

/** `name.length` as one side of the comparison, the other side no counter of scope. */
function capsLength(cmp: SgNode, names: readonly string[], stepped: Set<string>): boolean {
  const left = cmp.field('left');
  const right = cmp.field('right');
  if (!left || !right) return false;
  const isLength = (side: SgNode) => side.kind() === 'member_expression' && side.field('property')?.text() === 'length' && names.includes(side.field('object')?.text() ?? '');
  if (isLength(left)) return !stepped.has(right.text());
  if (isLength(right)) return !stepped.has(left.text());
  return false;
}

/** Whether `scope` compares one of names' length with something other than a counter before `call` starts
 * (`this` stands for the string a String.prototype method runs on). */
export function lengthCapped(scope: SgNode, call: SgNode, names: readonly string[]): boolean {
  const before = call.range().start.index;
  const wanted = names.flatMap((n) => [n, `this.${n}`]);
  const comparisons = scope.findAll({ rule: { kind: 'binary_expression', regex: '\\.length\\b' } })
    .filter((c) => c.range().start.index < before && COMPARES.test(c.field('operator')?.text() ?? ''));
  if (comparisons.length === 0) return false;
  const stepped = counters(scope);
  return comparisons.some((c) => capsLength(c, wanted, stepped));
}
