// The code-injection shape grammar (issue #41 item 7): every pair of arrival, building and evaluating sink of
// ../command-injection/injection-grammar.ts (INJECTION_GRAMMAR=full: every triple) is in a small library module whose caller's value is built into JavaScript
// that eval, Function, vm or a timer runs, and must be reported at the sink; every arrival × decoy (a developer's
// constant for vm, vm on a whole parameter — manual review by design —, JSON.stringify, a compiled function handed
// back, a timer given a function, a number, an allow-list) must be reported nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARRIVALS, CODE_BUILDINGS, CODE_DECOYS, CODE_SINKS, composeDecoy, firedDecoys, missedAtSink, reported } from '../command-injection/injection-grammar.ts';

const RULE = 'code-injection';

test('code injection: every pair of arrival, building and evaluating sink is reported at the sink', () => {
  const { programs, missed } = missedAtSink(CODE_BUILDINGS, CODE_SINKS, RULE);
  assert.ok(programs.length > 500, `every pair of axis values is composed (${programs.length})`);
  assert.deepEqual(missed.slice(0, 40).map((p) => p.id), [], `${missed.length} of ${programs.length} combinations missed`);
});

test('code injection: no decoy is reported in any arrival', () => {
  assert.deepEqual(firedDecoys(CODE_DECOYS, RULE), []);
});

test('code injection: a whole API parameter run by vm stays a manual-review candidate (a design decision)', () => {
  const a = ARRIVALS.find((x) => x.id === 'exports.fn');
  const d = CODE_DECOYS.find((x) => x.id === 'vm whole parameter');
  assert.ok(a && d);
  assert.deepEqual(reported(composeDecoy(a, d), RULE), []);
});
