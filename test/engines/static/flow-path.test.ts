// A taint finding carries its path: the steps of the value from its source to the sink, in order, the sink last,
// each at its file and line, within the schema's bounds; a finding whose value is not tainted carries none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossFileIncoming, huntFile } from '../../../src/engines/static/index.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';
import { Finding, MAX_FLOW_STEPS } from '../../../src/artifacts/schemas/common.ts';
import { validate } from '../../../src/artifacts/validate.ts';

const js = (path: string, lines: string[]): SourceFile => ({ path, language: 'javascript', isTest: false, content: lines.join('\n') });
const steps = (f: Finding) => (f.flow ?? []).map((s) => `${s.file}:${s.line} ${s.note}`);

test('through a binding, a helper call and its parameter: source, each hop, then the sink', () => {
  const file = js('src/app.js', [
    "const { exec } = require('child_process');",
    'function run(cmd) {',
    "  return exec('ls ' + cmd);",
    '}',
    "app.get('/x', (req, res) => {",
    '  const name = req.query.name;',
    '  const dir = name;',
    '  run(dir);',
    '});',
  ]);
  const [f] = huntFile(file).filter((x) => x.ruleId === 'command-injection');
  assert.ok(f);
  assert.deepEqual(steps(f), ['src/app.js:6 source: req.query.name', 'src/app.js:7 `dir` = name', 'src/app.js:8 passed to run() as `cmd`', "src/app.js:3 sink: exec('ls ' + cmd)"]);
  assert.deepEqual(validate(Finding, f), { ok: true });
});

test('across modules: the first step is in the calling file, at the call', () => {
  const files = [
    js('routes/user.js', ["const { run } = require('../lib/run');", "app.get('/u', (req, res) => {", '  run(req.query.name);', '});']),
    js('lib/run.js', ["const cp = require('child_process');", 'exports.run = function run(name) {', "  cp.exec('x ' + name);", '};']),
  ];
  const { incoming } = crossFileIncoming(files);
  const run = { ...files[1]!, incoming: incoming.get('lib/run.js') };
  const [f] = huntFile(run).filter((x) => x.ruleId === 'command-injection');
  assert.ok(f);
  const flow = f.flow ?? [];
  assert.equal(flow[0]?.file, 'routes/user.js');
  assert.equal(flow[0]?.line, 3);
  assert.match(flow[0]!.note, /req\.query\.name/);
  assert.deepEqual(flow.at(-1), { file: 'lib/run.js', line: 3, note: "sink: cp.exec('x ' + name)" });
});

test('a library API parameter is the source of its path', () => {
  const file = { ...js('lib/exec.js', ["const cp = require('child_process');", 'exports.run = function run(cmd) {', "  return cp.execSync('git ' + cmd);", '};']), publicApi: 'pslib' };
  const [f] = huntFile(file).filter((x) => x.ruleId === 'command-injection');
  assert.ok(f);
  assert.match(steps(f)[0] ?? '', /^lib\/exec\.js:2 source: parameter `cmd` of the exported API/);
  assert.equal(f.flow?.at(-1)?.line, 3);
});

test('a chain of bindings: every hop in order, within the bound', () => {
  const lines = ["const { exec } = require('child_process');", "app.get('/x', (req, res) => {", '  let v0 = req.query.q;'];
  for (let i = 1; i <= 8; i++) lines.push(`  const v${i} = v${i - 1};`);
  lines.push('  exec(v8);', '});');
  const [f] = huntFile(js('src/long.js', lines)).filter((x) => x.ruleId === 'command-injection');
  assert.ok(f?.flow);
  assert.ok(f.flow.length <= MAX_FLOW_STEPS, `${f.flow.length} steps`);
  assert.match(f.flow[0]!.note, /^source: req\.query\.q/);
  assert.equal(f.flow.at(-1)!.line, lines.length - 1);
  assert.deepEqual(f.flow.slice(1, -1).map((s) => `${s.line} ${s.note}`), Array.from({ length: 8 }, (_, i) => `${i + 4} \`v${i + 1}\` = v${i}`));
  assert.deepEqual(validate(Finding, f), { ok: true });
});

test('a finding whose value is not tainted carries no path', () => {
  const file = js('src/lit.js', ["const { exec } = require('child_process');", 'function go() {', "  const cmd = 'ls';", '  exec(cmd + process.env.HOME);', '}']);
  for (const f of huntFile(file)) assert.equal(f.flow, undefined, f.ruleId);
});
