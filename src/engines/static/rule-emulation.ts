// A JavaScript test that answers exactly what an ast-grep rule answers of a node of the rule's kind, for the few simple
// shapes where that can be sure: `kind`, a `regex` on the node's text, and `has` a child in a named field (with its own
// kind, regex and `has`, the same way). It lets two rules deciding on one kind share a walk (shared-find.ts): the walk
// finds the nodes either rule matches, and the test says which. A regex is taken only when JavaScript reads it as Rust
// does: ASCII literals, escaped punctuation, groups, alternation, anchors and quantifiers; never `.`, a class or `\w`
// and the like, which Rust reads in Unicode and JavaScript does not.
import type { SgNode } from '@ast-grep/napi';
import type { FindRule } from './shared-find.ts';

type Test = (node: SgNode) => boolean;

// Tokens of a regex both engines read alike: an escaped punctuation mark, or one plain character of the safe set.
// A group is plain or `(?:`: flags and lookarounds (`(?i)`, `(?=`) are not taken.
const SAFE_REGEX = /^(?:\\[.()$|+*?[\]{}/^\\-]|[A-Za-z0-9_ ,:;'"`<>=!&%#@~-]|\(\?:|\((?!\?)|[)|^$?*+])*$/;

function regexTest(source: unknown): RegExp | undefined {
  if (typeof source !== 'string' || !SAFE_REGEX.test(source)) return undefined;
  try {
    return new RegExp(source);
  } catch {
    return undefined; // not a regex at all (`a**`): left to ast-grep, which says so
  }
}

/** The test of a `has` in a named field: some child in that field of that kind, text and children. */
function hasTest(has: unknown): Test | undefined {
  if (typeof has !== 'object' || has === null) return undefined;
  const { field, kind, regex, has: inner, ...rest } = has as Record<string, unknown>;
  if (typeof field !== 'string' || Object.keys(rest).length > 0 || (kind !== undefined && typeof kind !== 'string')) return undefined;
  const re = regex === undefined ? undefined : regexTest(regex);
  if (regex !== undefined && !re) return undefined;
  const below = inner === undefined ? undefined : hasTest(inner);
  if (inner !== undefined && !below) return undefined;
  return (node) => node.fieldChildren(field as never).some((c: SgNode) =>
    (kind === undefined || c.kind() === kind) && (!re || re.test(c.text())) && (!below || below(c)));
}

const tests = new WeakMap<FindRule, Test | null>();

/** The test of a rule naming one kind, for nodes of that kind; undefined when its shape is not one of the simple ones. */
export function emulation(rule: FindRule): Test | undefined {
  let test = tests.get(rule);
  if (test === undefined) tests.set(rule, (test = build(rule) ?? null));
  return test ?? undefined;
}

function build(rule: FindRule): Test | undefined {
  const { kind, regex, has, ...rest } = rule as Record<string, unknown>;
  if (typeof kind !== 'string' || Object.keys(rest).length > 0 || (regex === undefined && has === undefined)) return undefined;
  const re = regex === undefined ? undefined : regexTest(regex);
  if (regex !== undefined && !re) return undefined;
  const child = has === undefined ? undefined : hasTest(has);
  if (has !== undefined && !child) return undefined;
  return (node) => (!re || re.test(node.text())) && (!child || child(node));
}
