// Prototype pollution, a field of what a helper of this file returns: `addr = decodeCell(ref)`, then `sheet[addr.r]`.
// When every value the helper returns is an object literal giving the field a value, the key is that value as the
// helper computes it (`{ c: col - 1, r: row - 1 }`: numbers whatever the text said), not the text it was given.
import type { SgNode } from '@ast-grep/napi';
import { calleeDefinition, returnedValues } from '../../callees.ts';

/** The helper a call runs and the values its returned literals give `field`; null when a return is anything else. */
export function returnedField(call: SgNode, field: string): { helper: SgNode; values: SgNode[] } | null {
  const helper = calleeDefinition(call);
  if (!helper) return null;
  const returned = returnedValues(helper);
  if (returned.length === 0) return null;
  const values: SgNode[] = [];
  for (const r of returned) {
    let literal = r;
    while (literal.kind() === 'parenthesized_expression') literal = literal.namedChildren()[0] ?? r;
    if (literal.kind() !== 'object') return null;
    // Only `field: value` pairs (a shorthand `{ r }` or a spread leaves the value to another lookup).
    const pair = literal.namedChildren().find((p) => p.kind() === 'pair' && p.field('key')?.text().replace(/^['"]|['"]$/g, '') === field);
    if (!pair || literal.namedChildren().some((p) => p.kind() === 'spread_element')) return null;
    values.push(pair.field('value') as SgNode);
  }
  return { helper, values };
}
