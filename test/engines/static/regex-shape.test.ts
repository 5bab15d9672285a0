// The regex shape check lets the ReDoS detector skip recheck where a 2nd degree verdict would be dropped anyway, so it
// must never accept a pattern recheck rates worse (exponential, 3rd degree or more). Checked against recheck itself on
// seeded random patterns, every regex literal of the test corpora, and the known bad shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atMostQuadratic, hasCountedRepeat, withoutLoops } from '../../../src/engines/static/matchers/regex-shape.ts';
import { analyseRegex } from '../../../src/engines/static/rules/redos/matcher.ts';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { engineCorpus } from './engine-corpus.ts';
import { prng } from '../../../scripts/kit/seeded-random.ts';

const worseThanQuadratic = (source: string, flags: string) => {
  const verdict = analyseRegex(source, flags);
  return verdict.vulnerable && !verdict.complexity.startsWith('2nd degree');
};

/** Seeded random patterns over atoms, quantifiers, groups, alternation and anchors (mulberry32). */
function randomPatterns(count: number, seed: number): Array<[string, string]> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const atoms = ['a', 'b', '.', '\\s', '\\S', '\\w', '\\d', '[ab]', '[^a]', '[\\s\\S]', '\\n', ' ', ',', '[a-z]', '[^\\n]', '\\b'];
  const quantifiers = ['', '', '', '?', '*', '+', '*?', '+?', '{2}', '{1,3}', '{2,}', '{0,4}?'];
  const sequence = (depth: number): string => {
    let s = '';
    for (let n = 1 + Math.floor(random() * 5); n > 0; n--) {
      const r = random();
      if (r < 0.7 || depth > 2) s += pick(atoms) + pick(quantifiers);
      else if (r < 0.9) s += `(${random() < 0.5 ? '?:' : ''}${sequence(depth + 1)}${random() < 0.5 ? `|${sequence(depth + 1)}` : ''})${pick(quantifiers)}`;
      else s += '|';
    }
    return s;
  };
  const out: Array<[string, string]> = [];
  for (let i = 0; i < count; i++) {
    const source = `${random() < 0.25 ? '^' : ''}${sequence(0)}${random() < 0.25 ? '$' : ''}`;
    const flags = pick(['', 'g', 'i', 'm', 's', 'u']);
    try {
      new RegExp(source, flags);
      out.push([source, flags]);
    } catch {
      // not a valid pattern: skip it
    }
  }
  return out;
}

// recheck's fuzzer needs about a minute for a repeat bounded at 10 or more ({1,30}): such corpus patterns are left out
// of the cross-checks below (the random ones repeat at most 4 times).
const LARGE_REPEAT = /\{\d*,?\d{2,}\}/;

function corpusRegexes(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const file of engineCorpus()) {
    const lang = langFor(file);
    if (lang === null) continue;
    for (const node of parseSource(lang, file.content).root().findAll({ rule: { kind: 'regex' } })) {
      const source = node.field('pattern')?.text() ?? '';
      if (!LARGE_REPEAT.test(source)) out.push([source, node.field('flags')?.text() ?? '']);
    }
  }
  return out;
}

let corpus: Array<[string, string]> | undefined;

/** The seeded random patterns and the corpora's regexes (parsed once for the file) that `check` accepts. */
function acceptedBy(check: (source: string, flags: string) => boolean, count: number, seed: number): Array<[string, string]> {
  corpus ??= corpusRegexes();
  return [...randomPatterns(count, seed), ...corpus].filter(([source, flags]) => check(source, flags));
}

test('a pattern the shape check accepts is never rated worse than 2nd degree by recheck', () => {
  const accepted = acceptedBy(atMostQuadratic, 1000, 21);
  let quadratic = 0;
  for (const [source, flags] of accepted) {
    assert.equal(worseThanQuadratic(source, flags), false, `/${source}/${flags}`);
    if (analyseRegex(source, flags).vulnerable) quadratic++;
  }
  assert.ok(accepted.length >= 300 && quadratic >= 25, `accepted patterns, some of them quadratic, are checked (${accepted.length}, ${quadratic} quadratic)`);
});

test('the shapes that make backtracking exponential or cubic are left to recheck', () => {
  const bad: Array<[string, string]> = [
    ['(a+)+$', ''], ['(a|a)*$', ''], ['(\\w+\\s?)*$', ''], ['^(a|ab)*c$', ''], ['\\s*a\\s*b\\s*$', ''],
    ['(\\d+)*x', 'g'], ['(?:a*)*b', ''], ['^(\\w+)\\1+$', ''], ['(?=a*)a*a*$', ''], ['(ab){2,}$', ''], ['(a|b){1,9}x', ''], ['\\s{2,}a\\s*$', ''], ['a{x}', ''], ['[[a]]*[[a]]*$', 'v'],
  ];
  for (const [source, flags] of bad) assert.equal(atMostQuadratic(source, flags), false, `/${source}/${flags}`);
  // recheck rates the first three exponential: the shape check is what keeps them from being skipped.
  for (const [source, flags] of bad.slice(0, 3)) assert.equal(worseThanQuadratic(source, flags), true, `/${source}/${flags}`);
  const fine: Array<[string, string]> = [['\\s+$', ''], ['^\\d+\\.\\d', ''], ['[a-z]+@', 'gi'], ['(.+)x', ''], ['a.*?b', 's'], ['[]a*', ''], ['a{1,30}a{1,30}$', ''], ['\\s{0,5}\\s*$', ''], ['S{1,9}|y{2,4}?', 'g']];
  for (const [source, flags] of fine) {
    assert.equal(atMostQuadratic(source, flags), true, `/${source}/${flags}`);
  }
});

test('a pattern without an unbounded quantifier is never rated vulnerable by recheck', () => {
  const loopFree = acceptedBy(withoutLoops, 1500, 77);
  for (const [source, flags] of loopFree) assert.equal(analyseRegex(source, flags).vulnerable, false, `/${source}/${flags}`);
  const bounded = loopFree.filter(([source]) => /\{\d/.test(source)).length;
  assert.ok(loopFree.length >= 200 && bounded >= 80, `loop-free patterns, many with bounded repeats, are checked (${loopFree.length}, ${bounded} bounded)`);
  // The fuzzer took 66 s to rate this one safe: the detector no longer asks.
  assert.equal(withoutLoops('[a-z0-9]{1,30}$', ''), true);
  for (const [source, flags] of [['a+', ''], ['x{2,}', ''], ['(ab){1,3}', ''], ['(a)?b*', ''], ['a{x}', ''], ['\\1a', ''], ['a', 'v']]) {
    assert.equal(withoutLoops(source!, flags!), false, `/${source}/${flags}`);
  }
});

test('a counted repeat is told from a literal or escaped brace', () => {
  assert.equal(hasCountedRepeat('[_.\\w-]{1,300}@'), true);
  assert.equal(hasCountedRepeat('a{2}'), true);
  assert.equal(hasCountedRepeat('x{3,}$'), true);
  assert.equal(hasCountedRepeat('\\{\\d+\\}'), false);
  assert.equal(hasCountedRepeat('\\s+$'), false);
  assert.equal(hasCountedRepeat('{a}'), false);
});
