// Expression-level logic slips: loose comparison with booleans, self-comparison, NaN comparison,
// assignment in an if condition, constant conditions and `i <= arr.length` loops that index arr[i].
import type { SgNode } from '@ast-grep/napi';
import { endLine, escapeRe, startLine, symbolOf } from '../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { findAllOf } from '../shared-find.ts';
import { hasSelfComparison } from './self-compared.ts';
import { knownBoolean } from './known-boolean.ts';

const EQUALITY = new Set(['==', '!=', '===', '!==']);
const RELATIONAL = new Set(['<', '>', '<=', '>=']);

function structural(ruleId: string, node: SgNode, detail: string, proof: string): Candidate {
  return { ruleId, startLine: startLine(node), endLine: endLine(node), symbol: symbolOf(node), subject: node.text().replace(/\s+/g, ' ').slice(0, 300), detail, structural: proof };
}

// Rust-side filters: only comparisons that can be one of these slips ever reach JavaScript.
const LITERAL_SIDE = '^(true|false|NaN|Number\\.NaN)$';
const LITERAL_RULE = {
  kind: 'binary_expression',
  has: { field: 'operator' as const, regex: '^([=!]==?|[<>]=?)$' },
  any: [{ has: { field: 'left' as const, regex: LITERAL_SIDE } }, { has: { field: 'right' as const, regex: LITERAL_SIDE } }],
};
const SELF_RULE = { any: ['==', '===', '!=', '!==', '<', '>', '<=', '>='].map((o) => ({ pattern: `$A ${o} $A` })) };
const LITERAL_GATE = /[=!]=\s*(?:true|false)\b|\b(?:true|false)\s*[=!]=|\bNaN\b/;
// What a finding among LITERAL_RULE's matches needs written: `==`/`!=` (not `===`) beside true/false, NaN, or true/false
// before `<`/`>` (`true < true` compared with itself); comments may stand between an operator and its operand.
// `x === true` alone, which LITERAL_GATE also passes, reports nothing. A comment is matched one way only (no backtracking).
const GAP = String.raw`(?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*\n)*`;
const LITERAL_FINDING_TEXT = new RegExp(String.raw`(?:^|[^=!])[=!]=${GAP}(?:true|false)\b|\b(?:true|false)${GAP}(?:[=!]=(?!=)|[<>])|\bNaN\b`);
const literalGate = (text: string) => LITERAL_GATE.test(text) && LITERAL_FINDING_TEXT.test(text);

function op(node: SgNode): string {
  return node.field('operator')?.text() ?? '';
}

function comparisons(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const nodes = [
    ...(literalGate(ctx.file.content) ? findAllOf(ctx.root, LITERAL_RULE) : []),
    ...(hasSelfComparison(ctx.file.content) ? findAllOf(ctx.root, SELF_RULE) : []),
  ];
  const seen = new Set<number>();
  for (const bin of nodes) {
    const at = bin.range().start.index;
    if (seen.has(at)) continue;
    seen.add(at);
    const o = op(bin);
    const left = bin.field('left');
    const right = bin.field('right');
    if (!left || !right) continue;
    const lt = left.text().replace(/\s+/g, '');
    const rt = right.text().replace(/\s+/g, '');
    if ((o === '==' || o === '!=') && (/^(true|false)$/.test(lt) || /^(true|false)$/.test(rt))) {
      // A value that is only ever written booleans (e.g. a flag whose parameter defaults to false) cannot coerce.
      if (knownBoolean(ctx.root, /^(true|false)$/.test(lt) ? rt : lt)) continue;
      out.push(structural('loose-boolean-compare', bin, `\`${bin.text()}\` uses ${o} against a boolean.`, 'loose equality with a boolean literal'));
    } else if (/^(Number\.)?NaN$/.test(lt) || /^(Number\.)?NaN$/.test(rt)) {
      out.push(structural('nan-comparison', bin, `\`${bin.text()}\` is always ${o.startsWith('!') ? 'true' : 'false'}.`, 'comparison with NaN'));
    } else if (lt === rt && !/\(/.test(lt) && !/\+\+|--/.test(lt)) {
      // x !== x / x === x on a plain name is the NaN idiom; on a property path it is a typo.
      // `+a !== +a` (a number coercion of a plain name) is the same idiom.
      if (EQUALITY.has(o) && /^\+?[\w$]+$/.test(lt)) continue;
      if (!EQUALITY.has(o) && !RELATIONAL.has(o)) continue;
      out.push(structural('self-comparison', bin, `Both sides of \`${bin.text()}\` are the same expression.`, 'an expression compared with itself'));
    }
  }
  return out;
}

const SUSPECT_CONDITIONS = { kind: 'if_statement', has: { field: 'condition', has: { any: [{ kind: 'assignment_expression' }, { kind: 'true' }, { kind: 'number' }, { kind: 'string' }] } } };

const OR_STRING = { kind: 'binary_expression', all: [{ has: { field: 'operator', regex: '^\\|\\|$' } }, { has: { field: 'right', kind: 'string' } }] };

function conditions(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const stmt of findAllOf(ctx.root, SUSPECT_CONDITIONS)) {
    const cond = stmt.field('condition');
    const inner = cond?.kind() === 'parenthesized_expression' ? cond.namedChildren().filter((c) => c.kind() !== 'comment') : [];
    const expr = inner.length === 1 ? inner[0] : undefined;
    if (!cond || !expr) continue;
    if (expr.kind() === 'assignment_expression') {
      // Only `if (x = literal)` or `if (x = y)`; `if (m = re.exec(s))` is a common deliberate idiom.
      const rhs = expr.field('right');
      if (rhs && ['string', 'number', 'true', 'false', 'null', 'identifier'].includes(String(rhs.kind()))) {
        out.push(structural('assignment-in-condition', cond, `\`${cond.text()}\` assigns instead of comparing.`, 'assignment as the whole if condition'));
      }
    } else if (['true', 'false', 'number', 'string'].includes(String(expr.kind())) && !/^if\s*\(\s*(0|false)\s*\)/.test(stmt.text())) {
      out.push(structural('constant-condition', cond, `The if condition \`${cond.text()}\` is a literal.`, 'literal if condition'));
    }
  }
  // `x === 'a' || 'b'`: the right side is a non-empty string, so the whole condition is always truthy.
  for (const bin of findAllOf(ctx.root, OR_STRING)) {
    const left = bin.field('left');
    const right = bin.field('right');
    if (!left || right?.kind() !== 'string' || right.text().length <= 2) continue;
    if (left.kind() !== 'binary_expression' || !EQUALITY.has(op(left)) || op(left).startsWith('!')) continue;
    const parent = bin.parent();
    const inCondition = parent?.kind() === 'parenthesized_expression' && ['if_statement', 'while_statement'].includes(String(parent.parent()?.kind() ?? ''));
    if (!inCondition) continue;
    out.push(structural('constant-condition', bin, `\`${bin.text()}\` is always truthy: the string ${right.text()} is not compared with anything.`, 'comparison || non-empty string literal'));
  }
  return out;
}

const FOR_LOOPS = { kind: 'for_statement' };

function offByOne(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const loop of findAllOf(ctx.root, FOR_LOOPS)) {
    const m = /^\s*([\w$]+)\s*<=\s*([\w$.]+)\.length\s*;?$/.exec(loop.field('condition')?.text() ?? '');
    const body = loop.field('body')?.text() ?? '';
    if (!m) continue;
    const [, i, arr] = m as unknown as [string, string, string];
    const init = loop.field('initializer')?.text() ?? '';
    // Starting at 1 with arr[i - 1] is a correct 1-based loop; require a plain arr[i] read and a 0 start.
    if (!new RegExp(`\\b${escapeRe(i)}\\s*=\\s*0\\b`).test(init)) continue;
    if (!new RegExp(`(^|[^\\w$.])${escapeRe(arr)}\\s*\\[\\s*${escapeRe(i)}\\s*\\]`).test(body)) continue;
    if (new RegExp(`${escapeRe(arr)}\\.length`).test(body)) continue;
    const cond = loop.field('condition') as SgNode;
    out.push(structural('off-by-one-length', cond, `The loop runs ${i} up to ${arr}.length inclusive and reads ${arr}[${i}].`, 'i <= arr.length with arr[i] in the body'));
  }
  return out;
}

// Each check has its own text gate: a tree walk costs about a third of a parse, so most files skip them all.
export const comparisonSlips: Detector = {
  order: 23,
  rules: ['loose-boolean-compare', 'self-comparison', 'nan-comparison'],
  // Exactly "one of the two gates comparisons() tests": when both fail it walks nothing and finds nothing.
  prefilter: { test: (text) => literalGate(text) || hasSelfComparison(text) },
  finds: [LITERAL_RULE],
  run: comparisons,
};

export const conditionSlips: Detector = {
  order: 24,
  rules: ['assignment-in-condition', 'constant-condition'],
  prefilter: /\bif\s*\(\s*(true|\d|['"`])|\bif\s*\(\s*[\w$.]+\s*=[^=]|\|\|\s*['"`]/,
  finds: [SUSPECT_CONDITIONS, OR_STRING],
  run: conditions,
};

export const offByOneLength: Detector = {
  order: 25,
  rules: ['off-by-one-length'],
  prefilter: /<=\s*[\w$.]+\.length\b/,
  finds: [FOR_LOOPS],
  run: offByOne,
};
