// A JavaScript test that answers exactly what an ast-grep rule answers of a node of the rule's kind, for the simple
// shapes where that can be sure: `kind`, a `regex` on the node's text, `has` a child (in a named field or any direct
// child, the relation's default reach), and `all`/`any`/`not` of such conditions. It lets two rules deciding on one kind
// share a walk (shared-find.ts): the walk finds the nodes either rule matches, and the test says which.
// A regex is taken only when it can be written for JavaScript to read it as Rust does: ASCII literals, escaped
// punctuation, groups, alternation, anchors and quantifiers, and `\w`/`\s` (Unicode classes in Rust, written out as
// the same Unicode properties, with the `u` flag, for JavaScript), and `\b` (Rust's Unicode word boundary, written as
// lookarounds on that word class). Never `.`, ranges or flags.
import type { SgNode } from '@ast-grep/napi';
import type { FindRule } from './shared-find.ts';

type Test = (node: SgNode) => boolean;

// Rust's Unicode `\w` and `\s` (regex-syntax's definitions), as JavaScript Unicode property escapes.
export const WORD = String.raw`\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}`;
export const SPACE = String.raw`\p{White_Space}`;
const BOUNDARY = `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
const PLAIN = /[A-Za-z0-9_ ,:;'"`<>=!&%#@~]/;
const PUNCTUATION = new Set('.()$|+*?[]{}/^\\');

/** The regex written for JavaScript with the `u` flag, or undefined when a token of it is not one of the safe ones. */
export function jsRegexSource(source: string): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[++i];
      if (e === 'b') {
        // Rust's Unicode word boundary, outside a class and unquantified: a word character on one side only.
        if (inClass || '*+?{'.includes(source[i + 1] ?? '.')) return undefined;
        out += BOUNDARY;
      } else if (e === 'w') out += inClass ? WORD : `[${WORD}]`;
      else if (e === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (e !== undefined && PUNCTUATION.has(e)) out += `\\${e}`;
      else if (e === '-' && !inClass) out += '-';
      else return undefined;
    } else if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '$' || c === '.' || PLAIN.test(c)) out += c;
      else return undefined;
      if (c === ']') out += c;
    } else if (c === '[') {
      if (source[i + 1] === '^' || source[i + 1] === ']') return undefined;
      inClass = true;
      out += c;
    } else if (c === '(') {
      // A plain group or `(?:`; flags and lookarounds are not taken.
      if (source[i + 1] === '?') {
        if (source[i + 2] !== ':') return undefined;
        out += '(?:';
        i += 2;
      } else out += c;
    } else if (c === '-' || PLAIN.test(c) || ')|^$?*+'.includes(c)) out += c;
    else return undefined;
  }
  return inClass ? undefined : out;
}

function regexTest(source: unknown): RegExp | undefined {
  const js = typeof source === 'string' ? jsRegexSource(source) : undefined;
  if (js === undefined) return undefined;
  try {
    return new RegExp(js, 'u');
  } catch {
    return undefined; // not a regex at all (`a**`): left to ast-grep, which says so
  }
}

const CONDITION_KEYS = new Set(['kind', 'regex', 'has', 'all', 'any', 'not']);

/** The test of a condition on one node: all of its keys hold. */
function conditionTest(condition: unknown): Test | undefined {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return undefined;
  const c = condition as Record<string, unknown>;
  if (Object.keys(c).some((k) => !CONDITION_KEYS.has(k))) return undefined;
  const parts: Test[] = [];
  if (c.kind !== undefined) {
    if (typeof c.kind !== 'string') return undefined;
    const kind = c.kind;
    parts.push((n) => n.kind() === kind);
  }
  if (c.regex !== undefined) {
    const re = regexTest(c.regex);
    if (!re) return undefined;
    parts.push((n) => re.test(n.text()));
  }
  if (c.has !== undefined) {
    const has = hasTest(c.has);
    if (!has) return undefined;
    parts.push(has);
  }
  for (const key of ['all', 'any'] as const) {
    if (c[key] === undefined) continue;
    if (!Array.isArray(c[key])) return undefined;
    const each = (c[key] as unknown[]).map(conditionTest);
    if (each.some((t) => !t)) return undefined;
    const tests = each as Test[];
    parts.push(key === 'all' ? (n) => tests.every((t) => t(n)) : (n) => tests.some((t) => t(n)));
  }
  if (c.not !== undefined) {
    const not = conditionTest(c.not);
    if (!not) return undefined;
    parts.push((n) => !not(n));
  }
  return parts.length === 0 ? undefined : (n) => parts.every((t) => t(n));
}

/** The test of a `has` without stopBy: some direct child (in the named field, when it names one) meets the condition. */
function hasTest(has: unknown): Test | undefined {
  if (typeof has !== 'object' || has === null) return undefined;
  const { field, ...condition } = has as Record<string, unknown>;
  if (field !== undefined && typeof field !== 'string') return undefined;
  const child = conditionTest(condition);
  if (!child) return undefined;
  return field === undefined
    ? (node) => node.children().some(child)
    : (node) => node.fieldChildren(field as never).some((c: SgNode) => child(c));
}

const tests = new WeakMap<FindRule, Test | null>();

/** The test of a rule naming one kind, for nodes of that kind; undefined when its shape is not one of the simple ones. */
export function emulation(rule: FindRule): Test | undefined {
  let test = tests.get(rule);
  if (test === undefined) tests.set(rule, (test = build(rule) ?? null));
  return test ?? undefined;
}

const kindTests = new WeakMap<FindRule, Map<string, Test | null>>();

/**
 * The test of a rule for nodes of one kind: the rule's own (it names that kind), or, for a rule that is an `any` of
 * branches each naming a kind, beside other conditions (`{ any: [{ kind: a }, { kind: b }], regex }`), the test of the
 * one branch naming the kind together with the other conditions (all of a rule's keys hold of what it matches).
 */
export function emulationOfKind(rule: FindRule, kind: string): Test | undefined {
  if (typeof rule.kind === 'string') return rule.kind === kind ? emulation(rule) : undefined;
  let byKind = kindTests.get(rule);
  if (!byKind) kindTests.set(rule, (byKind = new Map()));
  let test = byKind.get(kind);
  if (test === undefined) byKind.set(kind, (test = anyBranchTest(rule, kind) ?? null));
  return test ?? undefined;
}

function anyBranchTest(rule: FindRule, kind: string): Test | undefined {
  const { any, ...rest } = rule as Record<string, unknown>;
  if (!Array.isArray(any)) return undefined;
  const branches = (any as FindRule[]).filter((r) => r.kind === kind);
  if (branches.length !== 1 || (any as FindRule[]).some((r) => typeof r.kind !== 'string')) return undefined;
  const branch = Object.keys(branches[0]!).length === 1 ? () => true : emulation(branches[0]!);
  if (!branch) return undefined;
  if (Object.keys(rest).length === 0) return branch;
  const others = conditionTest(rest);
  return others ? (node) => branch(node) && others(node) : undefined;
}

function build(rule: FindRule): Test | undefined {
  const { kind, ...condition } = rule as Record<string, unknown>;
  if (typeof kind !== 'string' || Object.keys(condition).length === 0) return undefined;
  return conditionTest(condition);
}
