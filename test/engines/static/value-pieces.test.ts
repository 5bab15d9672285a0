// Taint through two value constructs (src/engines/static/taint.ts): `a && b` is its right side whenever the left
// holds, and the pieces a regular expression cut from a value keep its origin when the pattern lets any character
// through (`/x=(.*)/`), while a pattern admitting only a class of characters (`/^(\d+)$/`) is an allow-list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse } from '../../../src/engines/static/engine.ts';

/** The source kind of the value reaching `exec(…)` on the given line of an Express handler. */
function sourceAt(lines: string[], line: number): string | undefined {
  const content = ["const { exec } = require('child_process');", "app.get('/p', (req, res) => {", ...lines, '});'].join('\n');
  const entry = analyse({ path: 'src/routes/p.js', language: 'javascript', isTest: false, content }).entries.find((e) => e.candidate.ruleId === 'command-injection' && e.candidate.startLine === line);
  return entry?.candidate.source?.kind;
}

test('`a && b` carries b: the request value on the right reaches the sink', () => {
  assert.equal(sourceAt(['  const host = req.query.on && req.query.host;', "  exec('ping ' + host);"], 4), 'input');
  assert.notEqual(sourceAt(["  const host = req.query.on && 'localhost';", "  exec('ping ' + host);"], 4), 'input');
});

test('a piece a permissive pattern cut from input is input; one an allow-list pattern admitted is not', () => {
  assert.equal(sourceAt(['  const m = req.query.q.match(/host=(.*)/);', "  exec('ping ' + m[1]);"], 4), 'input');
  assert.equal(sourceAt(['  const m = /host=([^&]+)/.exec(req.query.q);', "  exec('ping ' + m[1]);"], 4), 'input');
  // No candidate, or one whose value is not input: the rule has nothing to report.
  assert.notEqual(sourceAt(['  const m = /^host=(\\d+)$/.exec(req.query.q);', "  exec('ping ' + m[1]);"], 4), 'input');
  assert.notEqual(sourceAt(['  const m = req.query.q.match(/^host=([a-z]{1,8})$/);', "  exec('ping ' + m[1]);"], 4), 'input');
});
