// A scanned file chooses its patterns, and recheck's fuzzer costs up to seconds each: a file's analysis asks it about at
// most FUZZED_PATTERNS_PER_FILE distinct patterns (matcher.ts). Checked with the real fuzzer behind a counting seam: a
// file planting many blowups of the bounded shape is held to the budget, the patterns within it are still found, and
// the file's findings are the same whichever files this thread read before (its cached analysis stays its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { huntFile } from '../../../../../src/engines/static/index.ts';
import { FUZZED_PATTERNS_PER_FILE, useRegexChecker } from '../../../../../src/engines/static/rules/redos/matcher.ts';
import { checkRegexSync } from '../../../../../src/engines/recheck/sync.ts';
import type { RecheckChecker } from '../../../../../src/engines/recheck/verdict.ts';

// Blowups bounded by their repeat counts: the automaton rates each safe, the fuzzer exponential (bounded-blowup.ts).
// Kept to bounds the automaton alone rates safe (from about 14 letters or 22 words on it finds the blowup itself).
const blowup = (letters: number, words: number) => `^(?:[a-z]{1,${letters}}[-_]?){1,${words}}$`;

/** A library module whose exported functions apply each pattern to their caller's string, in this order. */
function library(patterns: readonly string[], tail = ''): string {
  return `${patterns.map((p, i) => `exports.check${i} = function (name) {\n  return /${p}/.test(name);\n};\n`).join('')}${tail}`;
}

function redosLines(content: string): number[] {
  const file = { path: 'lib/names.js', content, language: 'javascript' as const, isTest: false, publicApi: 'names' };
  return huntFile(file).filter((f) => f.ruleId === 'redos').map((f) => f.startLine);
}

/** Runs fn with every recheck question counted by analyser and pattern; the real analyser answers. */
function counting<T>(fn: () => T): { result: T; fuzzed: Set<string> } {
  const fuzzed = new Set<string>();
  useRegexChecker((source: string, flags: string, analyser: RecheckChecker) => {
    if (analyser === 'fuzz') fuzzed.add(source);
    return checkRegexSync(source, flags, analyser);
  });
  try {
    return { result: fn(), fuzzed };
  } finally {
    useRegexChecker(checkRegexSync);
  }
}

test('a file planting many bounded blowups asks the fuzzer about its budget of them, and those are found', () => {
  const patterns = Array.from({ length: 3 * FUZZED_PATTERNS_PER_FILE }, (_, i) => blowup(8, 10 + i));
  const { result: lines, fuzzed } = counting(() => redosLines(library(patterns)));
  assert.equal(fuzzed.size, FUZZED_PATTERNS_PER_FILE);
  assert.deepEqual([...fuzzed], patterns.slice(0, FUZZED_PATTERNS_PER_FILE), 'the first patterns in the file are the ones asked');
  // Each exported function takes three lines; its test is on the second.
  assert.deepEqual(lines, patterns.slice(0, FUZZED_PATTERNS_PER_FILE).map((_, i) => 3 * i + 2));
});

test("a file's findings do not depend on the patterns another file had fuzzed before it", () => {
  const patterns = Array.from({ length: 2 * FUZZED_PATTERNS_PER_FILE }, (_, i) => blowup(7, 10 + i));
  const alone = redosLines(library(patterns));
  // Another file fuzzes the second half first: the verdicts are in the memo when the first file is read again (a
  // comment makes its content new, so its analysis is computed, not taken from the engine's memo).
  redosLines(library(patterns.slice(FUZZED_PATTERNS_PER_FILE)));
  const after = redosLines(library(patterns, '// read again\n'));
  assert.equal(alone.length, FUZZED_PATTERNS_PER_FILE);
  assert.deepEqual(after, alone);
});
