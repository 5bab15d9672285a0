// Taint through calls is bounded: a chain of helpers deeper than the frame limit stays unknown (manual review)
// and the finding says which bound cut it; within the limit the request input is traced to the sink.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse } from '../../../src/engines/static/engine.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

const file: SourceFile = {
  path: 'src/routes/ping.js',
  language: 'javascript',
  isTest: false,
  content: [
    "const { exec } = require('child_process');",
    'function a(x) { return b(x); }',
    'function b(x) { return c(x); }',
    'function c(x) { return d(x); }',
    "function d(x) { return 'ping ' + x; }",
    "app.get('/p', (req, res) => {",
    '  exec(a(req.query.host));',
    '  exec(b(req.query.host));',
    '});',
  ].join('\n'),
};

test('a helper chain within the bound carries request input; a deeper one is cut and says so', () => {
  const sources = analyse(file).entries.filter((e) => e.candidate.ruleId === 'command-injection').map((e) => [e.candidate.startLine, e.candidate.source]);
  const [deep, shallow] = [sources.find(([l]) => l === 7)?.[1], sources.find(([l]) => l === 8)?.[1]];
  assert.ok(shallow && typeof shallow === 'object');
  assert.equal(shallow.kind, 'input');
  assert.match(shallow.via, /returned by d\(\), returned by c\(\), returned by b\(\)/);
  assert.ok(deep && typeof deep === 'object');
  assert.equal(deep.kind, 'unknown');
  assert.equal(deep.cut, '3 nested calls');
  assert.match(deep.via, /call chain cut at 3 levels/);
});
