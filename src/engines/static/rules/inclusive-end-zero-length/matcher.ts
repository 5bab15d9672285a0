// Inclusive end positions computed as `start + length - 1` (`opts.end = offset + len - 1`, `{ end: start + size - 1 }`):
// a zero length gives an end before the start, which fs.createReadStream rejects with a RangeError ("end" must be >=
// "start") and byte-range code answers with an error instead of an empty body (send's zero-length files). Flagged only
// for a value named `end`; not when the function tests the length against zero (`len === 0`, `!len`, `len > 0`, `len <
// 1`) or clamps the end (`Math.max`).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const SUM = /^([\w$.]+)\s*\+\s*([\w$.]+)\s*-\s*1$/;
const LENGTHY = /(len|length|size|count|bytes)$/i;

/** The length operand of `start + length - 1`, when the expression has that shape. */
function lengthOf(expr: SgNode): string | undefined {
  const m = SUM.exec(expr.text().trim());
  if (!m) return undefined;
  return [m[2]!, m[1]!].find((x) => LENGTHY.test(x));
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const targets = ctx.root.findAll({ rule: { any: [
    { kind: 'assignment_expression', has: { field: 'left', regex: '(^|\\.)end$' } },
    { kind: 'variable_declarator', has: { field: 'name', regex: '^end$' } },
    { kind: 'pair', has: { field: 'key', regex: '^end$' } },
  ] } });
  for (const t of targets) {
    const value = t.field('right') ?? t.field('value');
    if (!value || value.kind() !== 'binary_expression') continue;
    const len = lengthOf(value);
    if (!len) continue;
    const l = escapeRe(len);
    const scope = (enclosingFunction(t) ?? ctx.root).text();
    if (new RegExp(`${l}\\s*(===?|!==?|>|<|>=|<=)\\s*[01]\\b|\\b[01]\\s*(===?|!==?|<|>|<=|>=)\\s*${l}\\b|!\\s*${l}\\b|if\\s*\\(\\s*${l}\\s*\\)`).test(scope)) continue;
    out.push({
      ruleId: 'inclusive-end-zero-length', startLine: startLine(t), endLine: startLine(t), symbol: symbolOf(t),
      subject: value.text(),
      detail: `\`${value.text()}\` is an inclusive end: when \`${len}\` is 0 it lands before the start, which a read stream rejects with a RangeError.`,
      structural: 'inclusive end from start + length - 1 with no zero-length check',
    });
  }
  return out;
}

export const inclusiveEndZeroLength: Detector = {
  order: 37,
  rules: ['inclusive-end-zero-length'],
  prefilter: /\bend\s*[:=]\s*[\w$.]+\s*\+\s*[\w$.]+\s*-\s*1\b/,
  run,
};
