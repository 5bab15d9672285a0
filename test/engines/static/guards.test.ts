// Guards before a sink (src/engines/static/guards.ts): which lines can hold a check that limits the value reaching it.
// A check in a function defined beside the sink (a sibling method, a helper declared above) runs elsewhere; an
// inequality with a literal guards only what lies outside the branch it opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { langFor, parseSource } from '../../../src/engines/static/parse.ts';
import { findGuard } from '../../../src/engines/static/guards.ts';

/** The guard findGuard reports for `v` before the call `sink(…)` of the source, or null. */
function guardBeforeSink(source: string): string | null {
  const lang = langFor({ path: 'probe.js', language: 'javascript' });
  assert.ok(lang);
  const root = parseSource(lang, source).root();
  const sink = root.find({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^sink$' } } });
  assert.ok(sink, 'no sink(…) in the source');
  return findGuard(sink, ['v'], source.split('\n'))?.text ?? null;
}

test("a check in a sibling function's body on a parameter of the same name guards nothing here", () => {
  // Inside a module wrapper (a UMD factory, an IIFE) every line above the sink is in its outermost function.
  const sibling = ['(function () {', '  var api = {', "    isNum: function (v) {", "      return typeof v === 'number';", '    },', '    run: function (v) {', '      return sink(v);', '    },', '  };', '})();'].join('\n');
  assert.equal(guardBeforeSink(sibling), null);
  const helper = ['(function () {', '  function check(v) {', "    if (typeof v === 'number') return true;", '  }', '  function run(v) {', '    return sink(v);', '  }', '})();'].join('\n');
  assert.equal(guardBeforeSink(helper), null);
});

test('a check in the same function, or in a callback handed to a call before the sink, still guards', () => {
  const same = ['function run(v) {', "  if (typeof v === 'number') return sink(v);", '}'].join('\n');
  assert.match(guardBeforeSink(same) ?? '', /typeof v === 'number'/);
  const callback = ['function run(list, v) {', '  list.forEach(function (v) {', "    if (typeof v === 'number') throw new Error('x');", '  });', '  return sink(v);', '}'].join('\n');
  assert.match(guardBeforeSink(callback) ?? '', /typeof v === 'number'/);
});

test('an inequality with a literal guards a sink after its early exit, not one inside the branch it opens', () => {
  assert.match(guardBeforeSink(["function run(v) {", "  if (v !== 'a') return;", '  sink(v);', '}'].join('\n')) ?? '', /v !== 'a'/);
  assert.equal(guardBeforeSink(["function run(v) {", "  if (v && v !== '*') {", '    sink(v);', '  }', '}'].join('\n')), null);
  assert.equal(guardBeforeSink(["function run(v) {", "  return v !== '*' && sink(v);", '}'].join('\n')), null);
  assert.equal(guardBeforeSink(["function run(v) {", "  return v !== '*' ?", '    sink(v) : null;', '}'].join('\n')), null);
  // In the branch taken when the inequality fails, only the literal arrives.
  assert.match(guardBeforeSink(["function run(v) {", "  if (v !== 'a') { return; } else {", '    sink(v);', '  }', '}'].join('\n')) ?? '', /v !== 'a'/);
});
