// Numbers validated with isNaN alone and then written as an integer attribute: `const maxAge = opt.maxAge - 0;
// if (isNaN(maxAge)) throw …; str += '; Max-Age=' + maxAge`. isNaN lets Infinity and fractions through, so the header
// says `Max-Age=Infinity` or `Max-Age=1.5` (cookie's own fixes). Flagged only for a value coerced from another
// (`- 0`, `Number()`, unary `+`, `parseFloat`), tested with isNaN as its guard, and concatenated after a literal
// ending in `=` (or Math.floor of it); not when the function also checks isFinite / Number.isInteger /
// Number.isSafeInteger, nor for parseInt results (integers or NaN).
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const COERCED = /^([\w$.]+\s*-\s*0|Number\s*\([^)]*\)|\+\s*[\w$.]+|parseFloat\s*\([^)]*\))$/;

const ISNAN_IFS = { kind: 'if_statement', has: { field: 'condition', regex: '^\\(\\s*(Number\\.)?isNaN\\(\\s*[\\w$]+\\s*\\)' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const ifs of findAllOf(ctx.root, ISNAN_IFS)) {
    const name = /isNaN\(\s*([\w$]+)\s*\)/.exec(ifs.field('condition')!.text())![1]!;
    const fn = enclosingFunction(ifs);
    const scope = fn ?? ctx.root;
    const n = escapeRe(name);
    const decl = scope.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: `^${n}$` } } })[0];
    const value = decl?.field('value')?.text().trim() ?? '';
    if (!COERCED.test(value)) continue;
    const text = scope.text();
    if (new RegExp(`(isFinite|Number\\.isFinite|Number\\.isInteger|Number\\.isSafeInteger)\\(\\s*${n}\\s*\\)|${n}\\s*[<>]=?\\s*(Infinity|Number\\.MAX_)`).test(text)) continue;
    const after = ctx.file.content.slice(ifs.range().end.index, scope.range().end.index);
    if (!new RegExp(`['"\`][^'"\`\\n]*=\\s*['"\`]\\s*\\+\\s*(Math\\.(floor|round|ceil|trunc)\\(\\s*)?${n}\\b`).test(after)) continue;
    out.push({
      ruleId: 'isnan-only-integer-check', startLine: startLine(ifs), endLine: startLine(ifs), symbol: symbolOf(ifs),
      subject: `isNaN(${name})`,
      detail: `\`${name}\` (from \`${value.slice(0, 50)}\`) is checked with isNaN alone before being written as an integer attribute: Infinity${/Math\.(floor|round|ceil|trunc)/.test(after) ? '' : ' and fractions'} pass the check.`,
      structural: 'a number guarded by isNaN alone, written as an integer attribute',
    });
  }
  return out;
}

export const isnanOnlyIntegerCheck: Detector = {
  order: 38,
  rules: ['isnan-only-integer-check'],
  prefilter: /isNaN\(/,
  requires: /=\s*['"`]\s*\+/,
  finds: [ISNAN_IFS],
  run,
};
