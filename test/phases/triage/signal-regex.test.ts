import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOUNDARY_SIGNALS, type BoundarySignal } from '../../../src/phases/triage/signal-patterns.ts';
import { buildSignalRegex, forEachSignalMatch } from '../../../src/phases/triage/signal-regex.ts';
import { countBranches } from '../../../src/phases/triage/signals.ts';

// The plain form the factored regex must match exactly: one group per signal and section, `\b` shared.
function plainMatches(signals: readonly BoundarySignal[], text: string): Array<[number, number, number]> {
  const groups: number[] = [];
  const words: string[] = [];
  const others: string[] = [];
  signals.forEach((s, i) => s.words.length > 0 && (words.push(`(${s.words.join('|')})`), groups.push(i)));
  signals.forEach((s, i) => s.others.length > 0 && (others.push(`(${s.others.join('|')})`), groups.push(i)));
  const re = new RegExp([`\\b(?:${words.join('|')})`, ...others].join('|'), 'g');
  return [...text.matchAll(re)].map((m) => [m.index, m[0].length, groups[m.slice(1).findIndex((g) => g !== undefined)] as number]);
}

function factoredMatches(signals: readonly BoundarySignal[], text: string): Array<[number, number, number]> {
  const built = buildSignalRegex(signals);
  const out: Array<[number, number, number]> = [];
  forEachSignalMatch(text, built, (match, signal, index) => out.push([index, match.length, signal]));
  return out;
}

// Real text with many near misses: this repository's own triage sources and tests (they quote every pattern).
function corpus(): string[] {
  // The static matchers: the shared ones and each rule folder's (its rule.ts and matcher.ts).
  const rules = readdirSync('src/engines/static/rules', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `src/engines/static/rules/${e.name}`);
  const dirs = ['src/phases/triage', 'test/phases/triage', 'src/phases/recon', 'src/engines/static/matchers', ...rules];
  return dirs.flatMap((d) => readdirSync(d).filter((f) => /\.(ts|mjs|js)$/.test(f)).map((f) => readFileSync(join(d, f), 'latin1')));
}

test('the factored regex finds the same matches, at the same places, for the same signals as the plain form', () => {
  const samples = [
    ...corpus(),
    'x.exec(a); exec(b); .eval(c); eval(d); system(e); .system(f); Password passwd authorise Authenticated api_key apiKey',
    'router.post(  req.body  SELECT a.b, c FROM t; UPDATE users SET x; $wpdb @GetMapping @app.route $_GET .query ( fs/promises std::fs',
    // Word and punctuation matches that overlap: the one regex takes the leftmost and skips what starts inside it.
    '@app.get(x) request.query(y) db.query(z) @app.post@app.route(',
  ];
  let total = 0;
  for (const text of samples) {
    const plain = plainMatches(BOUNDARY_SIGNALS, text);
    assert.deepEqual(factoredMatches(BOUNDARY_SIGNALS, text), plain);
    total += plain.length;
  }
  assert.ok(total > 200, `the corpus should exercise many patterns (got ${total} matches)`);
});

test('alternatives sharing a first character keep their order', () => {
  const signals: BoundarySignal[] = [
    { signal: 'a', weight: 1, words: [String.raw`foo\w*`], others: [] },
    { signal: 'b', weight: 1, words: [String.raw`foobar\b`, String.raw`(?<!\.)(?:fox|bar)\s*\(`], others: [] },
  ];
  for (const text of ['foobar', 'x.fox(', 'fox (', 'bar(', 'a.bar(']) assert.deepEqual(factoredMatches(signals, text), plainMatches(signals, text), text);
  assert.deepEqual(factoredMatches(signals, 'foobar fox( .bar('), [[0, 6, 0], [7, 4, 1]]);
});

test('a word match and a punctuation-pattern match at the same place: the word match wins, as in the one regex', () => {
  const signals: BoundarySignal[] = [
    { signal: 'a', weight: 1, words: [String.raw`foo\w*`], others: [] },
    { signal: 'b', weight: 1, words: [], others: [String.raw`fo+`, String.raw`\.bar`] },
  ];
  for (const text of ['foobar', 'xfoo foo.bar', '.barfoo']) assert.deepEqual(factoredMatches(signals, text), plainMatches(signals, text), text);
  assert.deepEqual(factoredMatches(signals, 'xfoo foo'), [[1, 3, 1], [5, 3, 0]]);
});

test('pattern shapes the factoring cannot handle fail at build time, naming the pattern', () => {
  const bad = (word: string) => () => buildSignalRegex([{ signal: 's', weight: 1, words: [word], others: [] }]);
  assert.throws(bad('a|b'), /"a\|b".*top-level \|/);
  assert.throws(bad('(foo)'), /capturing groups/);
  assert.throws(bad(String.raw`\w+x`), /must start with/);
  assert.throws(bad('x?y'), /must start with/);
  assert.throws(bad('(?:ab|c)?d'), /must start with/);
  assert.throws(() => buildSignalRegex([{ signal: 's', weight: 1, words: [], others: ['(x)'] }]), /capturing groups/);
});

test('branch points: keywords plus && and || counted as a single global regex would', () => {
  const single = (text: string) => text.match(/\b(?:if|for|while|case|catch|elif|except|switch)\b|&&|\|\|/g)?.length ?? 0;
  for (const text of ['a &&& b |||| c', 'if&&for||while', '&&&&&', 'elif except switch case catch', ...corpus()]) assert.equal(countBranches(text), single(text), text.slice(0, 40));
});
