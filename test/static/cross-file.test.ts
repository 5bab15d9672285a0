// Taint across modules: request input a route passes to a helper exported by another module reaches the sink
// there, and the finding at the sink names the calling file and line. The decoys stay quiet: a helper called only
// with literals, one that sanitises for the sink's class, a same-named function in a module nobody calls with input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossFileIncoming, huntFile, refuteStatic, judgeStatic } from '../../src/static/index.ts';
import type { SourceFile } from '../../src/static/types.ts';

const js = (path: string, lines: string[]): SourceFile => ({ path, language: 'javascript', isTest: false, content: lines.join('\n') });

const files = [
  js('routes/user.js', [
    "const { run } = require('../lib/run');",
    "const other = require('../lib/other');",
    "const quoted = require('../lib/quoted');",
    "app.get('/u', (req, res) => {",
    '  run(req.query.name);',
    "  other.run('ls');",
    '  quoted.list(req.query.dir);',
    '});',
  ]),
  js('lib/run.js', [
    "const cp = require('child_process');",
    'exports.run = function run(name) {',
    "  cp.exec('x ' + name);",
    '};',
  ]),
  // Same name, different module: called only with a literal.
  js('lib/other.js', [
    "const cp = require('child_process');",
    'exports.run = function run(name) {',
    "  cp.exec('y ' + name);",
    '};',
  ]),
  // Sanitises for the shell before running.
  js('lib/quoted.js', [
    "const cp = require('child_process');",
    "const shellescape = require('shell-escape');",
    'module.exports.list = function list(dir) {',
    "  cp.exec('ls ' + shellescape([dir]));",
    '};',
  ]),
];

function withIncoming(all: SourceFile[]): SourceFile[] {
  const { incoming } = crossFileIncoming(all);
  return all.map((f) => (incoming.has(f.path) ? { ...f, incoming: incoming.get(f.path) } : f));
}

test('request input passed to another module reaches its sink and the finding names the call site', () => {
  const run = withIncoming(files).find((f) => f.path === 'lib/run.js') as SourceFile;
  assert.deepEqual(run.incoming?.map((a) => [a.export, a.param, a.from, a.line]), [['run', 0, 'routes/user.js', 5]]);
  const [finding] = huntFile(run).filter((f) => f.ruleId === 'command-injection');
  assert.ok(finding);
  assert.equal(finding.startLine, 3);
  assert.match(finding.claim, /req\.query\.name, passed from routes\/user\.js:5 to run\(name\)/);
  const verdict = judgeStatic(finding, refuteStatic(finding, run));
  assert.equal(verdict.verdict, 'confirmed');
});

test('a same-named helper called with a literal and a helper that shell-quotes stay quiet', () => {
  const out = withIncoming(files);
  const other = out.find((f) => f.path === 'lib/other.js') as SourceFile;
  assert.equal(other.incoming, undefined);
  for (const f of huntFile(other)) assert.notEqual(judgeStatic(f, refuteStatic(f, other)).verdict, 'confirmed');
  const quoted = out.find((f) => f.path === 'lib/quoted.js') as SourceFile;
  assert.equal(quoted.incoming?.length, 1);
  assert.deepEqual(huntFile(quoted).filter((f) => f.ruleId === 'command-injection'), []);
});

test('without the cross-file pass the helper is not confirmed (the pass is what finds it)', () => {
  const run = files.find((f) => f.path === 'lib/run.js') as SourceFile;
  for (const f of huntFile(run)) assert.notEqual(judgeStatic(f, refuteStatic(f, run)).verdict, 'confirmed');
});
