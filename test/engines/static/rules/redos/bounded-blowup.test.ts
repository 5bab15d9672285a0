// The bounded-blowup shape (bounded-blowup.ts) decides which patterns recheck's fuzzer is also asked about: a repeated
// group holding a repeat of varying count. Checked on known shapes and on seeded random patterns whose answer follows
// from how they were built; and the fuzzer's verdict, through the same channel a scan uses, on a blowup and on a
// pattern that is slow by a constant factor only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blowsUp, nestedBoundedRepeat } from '../../../../../src/engines/static/rules/redos/bounded-blowup.ts';
import { analyseRegex } from '../../../../../src/engines/static/rules/redos/matcher.ts';
import { prng } from '../../../../../scripts/kit/seeded-random.ts';

test('the shape: a repeated group around a repeat of varying count', () => {
  const yes = ['^(?=(?:\\w{1,8}[-_]?){1,16}$)', '^(?:[a-f0-9]{1,4}:?){0,8}$', '(\\w{1,20}\\s?){1,10}', '((a{1,3}b)c)+', '(?:(?:x|y){1,2})*', '^(?:\\d{1,3}(?:\\.|$)){4}', '(a{2,})+'];
  const no = ['a{1,4}', '(a{1,4})', '(a{1,4})?', '(a{3})+', '(a{1,4}){1}', '(a+)+', '[({1,4})]+', '\\(a{1,4}\\)+', '(?:ab){2,5}', 'a{1,3}(b)+', '(?:(?=a{1,3})b)+', '(?:(?<!a{1,3})b)+', 'a{,3}(b)+'];
  for (const p of yes) assert.equal(nestedBoundedRepeat(p), true, p);
  for (const p of no) assert.equal(nestedBoundedRepeat(p), false, p);
});

// A node: an atom, a group (capturing or not, its alternatives joined by `|`) or a lookaround (matches no text).
type Node = { atom: string; quantifier: string } | { group: Node[][]; open: string; quantifier: string };

const VARYING = new Set(['{1,3}', '{0,4}', '{2,}', '{1,3}?']);
const REPEATING = new Set(['*', '+', '*?', '+?', '{2}', '{1,3}', '{0,4}', '{2,}', '{1,3}?']);
const LOOKAROUNDS = ['(?=', '(?!', '(?<=', '(?<!'];
const isLookaround = (n: Node) => 'group' in n && LOOKAROUNDS.includes(n.open);

/** Whether a sequence holds a repeat of varying count anywhere inside it (a lookaround's content aside). */
const varies = (nodes: Node[]): boolean => nodes.some((n) => !isLookaround(n) && (VARYING.has(n.quantifier) || ('group' in n && n.group.some(varies))));
/** The answer, from the structure: some repeated group (not a lookaround, but inside one too) holds a varying repeat. */
const expected = (nodes: Node[]): boolean =>
  nodes.some((n) => 'group' in n && ((!isLookaround(n) && REPEATING.has(n.quantifier) && n.group.some(varies)) || n.group.some(expected)));
const render = (nodes: Node[]): string => nodes.map((n) => ('group' in n ? `${n.open}${n.group.map(render).join('|')})` : n.atom) + n.quantifier).join('');

test('on seeded random patterns the shape is found exactly where the structure has it', () => {
  const random = prng(41);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const atoms = ['a', '\\d', '[a-f]', '\\{', '[{]', '\\(', '[()]', '.', ':', '[\\]]', '\\u{2}', '{,3}'];
  const quantifiers = ['', '', '?', '*', '+', '*?', '+?', '{2}', '{1,3}', '{0,4}', '{2,}', '{1}', '{1,3}?'];
  const opens = ['(?:', '(?:', '(', '(?<n>', ...LOOKAROUNDS];
  let named = 0;
  const sequence = (depth: number): Node[] =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, (): Node => {
      if (depth >= 3 || random() >= 0.4) return { atom: pick(atoms), quantifier: pick(quantifiers) };
      // A lookaround is quantified only as `?` or not at all here (a repeat of one is a syntax error in unicode mode).
      const open = pick(opens).replace('<n>', `<n${named++}>`);
      const quantifier = LOOKAROUNDS.includes(open) ? pick(['', '?']) : pick(quantifiers);
      return { group: Array.from({ length: random() < 0.3 ? 2 : 1 }, () => sequence(depth + 1)), open, quantifier };
    });
  let found = 0;
  for (let i = 0; i < 3000; i++) {
    const nodes = sequence(0);
    const want = expected(nodes);
    if (want) found++;
    assert.equal(nestedBoundedRepeat(render(nodes)), want, render(nodes));
  }
  assert.ok(found > 300 && found < 2700, `both answers are generated (${found} of 3000 have the shape)`);
});

test('the fuzzer rates a blowup of the bounds exponential, and a pattern slow by a constant factor not', () => {
  const blowup = '^(?:\\w{1,8}[-_]?){1,16}$';
  const constant = '^(?:[a-z]{1,10} ?){1,6}$';
  assert.equal(analyseRegex(blowup, '').vulnerable, false, 'the automaton rates the blowup safe');
  assert.equal(blowsUp(analyseRegex(blowup, '', 'fuzz')), true);
  assert.equal(blowsUp(analyseRegex(constant, '', 'fuzz')), false);
});
