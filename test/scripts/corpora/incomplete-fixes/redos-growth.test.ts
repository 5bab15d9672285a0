// The ReDoS criterion against real regular expressions in the real sandbox (bubblewrap): growth as the input
// doubles, not wall time. A linear pattern made slow enough to measure grows about 2-fold and is not shown; a
// quadratic one grows about 4-fold and is shown; an exponential one passes the deadline while n doubles and is shown
// from the step before. The fixture's functions are in fixtures/shapes/index.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncompleteFix } from '../../../../scripts/corpora/incomplete-fixes/evidence.ts';
import { proveEntry } from '../../../../scripts/corpora/incomplete-fixes/prove.ts';
import { REDOS_CRITERION as C } from '../../../../scripts/corpora/incomplete-fixes/redos-growth.ts';

const SHAPES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'shapes');

const redos = (code: string[]): IncompleteFix => ({
  case: 'fixture-redos', package: 'shapes', fixed: '1.0.1', class: 'redos', reason: 'fixture', exploit: { code: ["const shapes = require('/pkg/index.js');", ...code], timeoutSeconds: 120 },
});
/** Proves an exploit of three lines: run(s), attack(n), baseline(n), each the text of an arrow function. */
const prove = (run: string, attack: string, baseline: string) => proveEntry(redos([`exports.run = ${run};`, `exports.attack = ${attack};`, `exports.baseline = ${baseline};`]), SHAPES);
const BLANKS = "(n) => 'x' + ' '.repeat(n - 2) + 'x'";
const WORD = "(n) => 'x'.repeat(n)";

/** The growth factor and the attack-over-baseline factor the verdict reports. */
function factors(detail: string): { growth: number; over: number } {
  const m = /growth (?:>= )?([\d.]+), needs [\d.]+\); baseline .* \(attack (?:>= )?(\d+)x it/.exec(detail);
  assert.ok(m, `the verdict reports both factors: ${detail}`);
  return { growth: Number(m[1]), over: Number(m[2]) };
}

test('a linear pattern is not shown: its time about doubles when the input doubles', async () => {
  // Run 500 times so that it takes measurable time well under the length cap; a loop does not change the growth.
  const proof = await prove('(s) => { for (let i = 0; i < 500; i++) shapes.isWordy(s); }', BLANKS, WORD);
  assert.equal(proof.shown, false, proof.detail);
  const { growth } = factors(proof.detail);
  assert.ok(growth < C.MIN_GROWTH, proof.detail);
});

test('a quadratic pattern is shown: its time about quadruples when the input doubles, far over a linear baseline', async () => {
  const proof = await prove('(s) => shapes.trimEnd(s)', BLANKS, WORD);
  assert.equal(proof.shown, true, proof.detail);
  const { growth, over } = factors(proof.detail);
  assert.ok(growth >= C.MIN_GROWTH && over >= C.MIN_OVER_BASELINE, proof.detail);
  // The same attack on the baseline's side is not shown: the package must be slow on the attack, not on any input.
  const both = await prove('(s) => shapes.trimEnd(s)', BLANKS, BLANKS);
  assert.equal(both.shown, false, both.detail);
});

test('an exponential pattern passes the deadline while n doubles and is shown from the step before', async () => {
  const proof = await prove('(s) => /^(a+)+$/.test(s)', "(n) => 'a'.repeat(n - 1) + '!'", "(n) => 'a'.repeat(n)");
  assert.equal(proof.shown, true, proof.detail);
  assert.match(proof.detail, /> [\d.]+ s \(the deadline passed\) at \d+ \(growth >= /);
});

test('a point at n that passes the deadline on a later timing is measured from the step before', async () => {
  // A stand-in whose steepness does not depend on the machine: at 256 characters the first run spins 80 ms of CPU
  // (the doubling stops there) and every later run in the same worker spins until the deadline stops it. Shorter
  // attacks and every baseline return at once. Before the step back, the point at n read as a lower bound and the
  // verdict was "not shown".
  const N = 256;
  const run = `(s) => { if (s[0] !== 'a' || s.length !== ${N}) return; globalThis.calls = (globalThis.calls || 0) + 1; const spin = globalThis.calls === 1 ? 80000 : Infinity; const start = process.cpuUsage(); for (;;) { const u = process.cpuUsage(start); if (u.user + u.system >= spin) return; } }`;
  const proof = await prove(run, "(n) => 'a'.repeat(n)", "(n) => 'b'.repeat(n)");
  assert.equal(proof.shown, true, proof.detail);
  assert.match(proof.detail, new RegExp(`^attack [\\d.]+ ms at ${N / 2} characters, > [\\d.]+ s \\(the deadline passed\\) at ${N} \\(growth >= `));
});

test('a point at n too close to the deadline for the bound at 2n to show growth is measured from the step before', async () => {
  // A stand-in whose steepness does not depend on the machine: at 256 characters the first run spins 60 ms of CPU
  // (the doubling stops there) and each later one a little over a third of the deadline, so the point at n is
  // measured; at 512 it spins until the deadline stops it. Shorter attacks and every baseline return at once. Before
  // the step back, growth read as the deadline over the point at n (under MIN_GROWTH) and the verdict was "not
  // shown": /^(a+)+$/ on a loaded CI runner took 9.4 s at 32 characters and passed the deadline at 64.
  const N = 256;
  const slow = Math.ceil((C.DEADLINE_SECONDS / C.MIN_GROWTH) * 1e6 * 1.05);
  const run = `(s) => { if (s[0] !== 'a' || (s.length !== ${N} && s.length !== ${2 * N})) return; globalThis.calls = (globalThis.calls || 0) + 1; const spin = s.length === ${2 * N} ? Infinity : globalThis.calls === 1 ? 60000 : ${slow}; const start = process.cpuUsage(); for (;;) { const u = process.cpuUsage(start); if (u.user + u.system >= spin) return; } }`;
  const proof = await prove(run, "(n) => 'a'.repeat(n)", "(n) => 'b'.repeat(n)");
  assert.equal(proof.shown, true, proof.detail);
  assert.match(proof.detail, new RegExp(`^attack [\\d.]+ ms at ${N / 2} characters, [\\d.]+ s at ${N} \\(growth `));
});
