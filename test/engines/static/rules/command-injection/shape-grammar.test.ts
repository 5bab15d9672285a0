// The command-injection shape grammar (issue #41 item 7): every pair of arrival, building and shell sink of
// injection-grammar.ts (INJECTION_GRAMMAR=full: every triple) is in a small library module whose caller's value reaches a shell inside a command the library
// builds, and must be reported at the sink; every arrival × decoy (no shell, a real escaper, a constant, an
// allow-list, execa's escaping template) must be reported nowhere. Combinations the engine does not support by
// design are listed with their reason, so the table stays honest: the test fails when one of them starts to fire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARRIVALS, COMMAND_BUILDINGS, COMMAND_DECOYS, COMMAND_SINKS, compose, firedDecoys, foundAtSink, missedAtSink } from './injection-grammar.ts';

const RULE = 'command-injection';

// Sink values whose every combination is an expected miss, and why. child_process through another module of the
// package (`exports.exec = require('child_process').exec`, `module.exports = require('child_process')`, re-exports)
// is found through the module facts of the cross-file pass; none is missed.
const EXPECTED_MISSES: ReadonlyMap<string, string> = new Map([]);

test('command injection: every pair of arrival, building and shell sink is reported at the sink (expected misses listed)', () => {
  const { programs, missed } = missedAtSink(COMMAND_BUILDINGS, COMMAND_SINKS, RULE);
  assert.ok(programs.length > 500, `every pair of axis values is composed (${programs.length})`);
  const sinkOf = (id: string) => id.split(' | ')[2] as string;
  const missedIds = new Set(missed.map((p) => p.id));
  const wrong = programs.filter((p) => missedIds.has(p.id) !== EXPECTED_MISSES.has(sinkOf(p.id)))
    .map((p) => `${missedIds.has(p.id) ? 'missed' : 'fires but listed as an expected miss'}: ${p.id}`);
  assert.deepEqual(wrong.slice(0, 40), [], `${wrong.length} of ${programs.length} combinations disagree`);
});

test('command injection: no decoy is reported in any arrival', () => {
  assert.deepEqual(firedDecoys(COMMAND_DECOYS, RULE), []);
});

test('command injection: the grammar composes what it says (a sample program, read back)', () => {
  const a = ARRIVALS.find((x) => x.id === 'reduce-body');
  const b = COMMAND_BUILDINGS.find((x) => x.id === 'push-join');
  const s = COMMAND_SINKS.find((x) => x.id === 'spawn sh -c');
  assert.ok(a && b && s);
  const p = compose(a, b, s);
  assert.ok(p);
  const text = p.files[0]?.content ?? '';
  assert.match(text, /^export function run\(targets\)/m);
  assert.match(text, /args\.push\('--format=%H', target\);/);
  assert.equal(text.split('\n')[p.sinkLine - 1]?.trim(), "spawn('sh', ['-c', line], { stdio: 'inherit' });");
  assert.equal(foundAtSink(p, RULE), true);
});
