// Taint across modules: request input a route passes to a helper exported by another module reaches the sink
// there, and the finding at the sink names the calling file and line. The decoys stay quiet: a helper called only
// with literals, one that sanitises for the sink's class, a same-named function in a module nobody calls with input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossFileIncoming, huntFile, refuteStatic, judgeStatic } from '../../../src/engines/static/index.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

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

const lib = (path: string, lines: string[]): SourceFile => ({ ...js(path, lines), publicApi: 'pslib' });
const exec = lib('lib/exec.js', ["const cp = require('child_process');", 'exports.run = function run(cmd) {', '  return cp.execSync(cmd);', '};']);

test("a library's exported function building its argument into a command for another module's helper is confirmed there", () => {
  const index = lib('index.js', [
    "const { run } = require('./lib/exec');",
    "exports.ps = function ps(args) { return run('ps ' + args); };",
    "exports.version = function version() { return run('node --version'); };",
  ]);
  const out = withIncoming([index, exec]).find((f) => f.path === 'lib/exec.js') as SourceFile;
  assert.deepEqual(out.incoming?.map((a) => [a.export, a.api, a.built]), [['run', 'ps(args)', true]]);
  const [finding] = huntFile(out).filter((f) => f.ruleId === 'command-injection');
  assert.ok(finding);
  assert.equal(judgeStatic(finding, refuteStatic(finding, out)).verdict, 'confirmed');
  // The same helper reached only with the caller's value as given passes nothing on (nothing was built): the helper's
  // own exported parameter, which a shell runs whole, is what its finding rests on.
  const asGiven = lib('index.js', ["const { run } = require('./lib/exec');", 'exports.sh = function sh(command) { return run(command); };']);
  const plain = withIncoming([asGiven, exec]).find((f) => f.path === 'lib/exec.js') as SourceFile;
  assert.deepEqual(plain.incoming ?? [], []);
  const [own] = huntFile(plain).filter((f) => f.ruleId === 'command-injection');
  assert.ok(own);
  assert.match(refuteStatic(own, plain).find((v) => v.seat === 'source')?.reason ?? '', /hands it as given to a shell/);
});

test('a wrapper that shell-quotes before calling the helper, and a module re-exporting a safe wrapper, pass nothing on', () => {
  const all = [
    js('routes/a.js', ["const api = require('../lib/index');", "app.get('/a', (req, res) => api.run(req.query.x));"]),
    js('lib/index.js', ["module.exports = { run: require('./safe').run };"]),
    js('lib/safe.js', [
      "const shellescape = require('shell-escape');",
      "const { run } = require('./run');",
      'exports.run = function safeRun(x) { return run(shellescape([x])); };',
    ]),
    js('lib/run.js', ["const cp = require('child_process');", 'exports.run = function run(cmd) { cp.exec(cmd); };']),
  ];
  const out = withIncoming(all);
  assert.equal(out.find((f) => f.path === 'lib/run.js')?.incoming, undefined);
  assert.equal(out.find((f) => f.path === 'lib/safe.js')?.incoming, undefined);
  for (const f of out) for (const finding of huntFile(f)) assert.notEqual(judgeStatic(finding, refuteStatic(finding, f)).verdict, 'confirmed', `${f.path}: ${finding.claim}`);
});

test('a chain of modules is followed up to the hop bound, and a longer one is cut and says where', () => {
  const hop = (i: number) => js(`lib/m${i}.js`, [`const { f: next } = require('./m${i + 1}');`, 'exports.f = function f(v) { return next(v); };']);
  const route = js('routes/r.js', ["const { f } = require('../lib/m0');", "app.get('/r', (req, res) => f(req.query.v));"]);
  const sink = (i: number) => js(`lib/m${i}.js`, ["const cp = require('child_process');", 'exports.f = function f(v) { cp.exec(v); };']);
  const near = crossFileIncoming([route, hop(0), hop(1), sink(2)]);
  assert.equal(near.incoming.get('lib/m2.js')?.length, 1);
  assert.deepEqual(near.cuts, []);
  const far = crossFileIncoming([route, hop(0), hop(1), hop(2), sink(3)]);
  assert.equal(far.incoming.get('lib/m3.js'), undefined);
  assert.match(far.cuts.join(' '), /stopped after 3 module hops; not followed further from lib\/m2\.js/);
});

test('the module shapes a call into another module takes are all followed to the right export', () => {
  const sink = (name: string, exportLine: string) => js(`lib/${name}.js`, ["const cp = require('child_process');", exportLine]);
  const all = [
    js('routes/shapes.js', [
      "const whole = require('../lib/whole');",
      "const picked = require('../lib/picked').pick;",
      "import def from '../lib/esm.js';",
      "app.get('/s', (req, res) => {",
      '  whole(req.query.a);',
      '  picked(req.query.b);',
      "  require('../lib/inline').go(req.query.c);",
      '  def(req.query.d);',
      '});',
    ]),
    sink('whole', "module.exports = function (cmd) { cp.exec('a ' + cmd); };"),
    sink('picked', "exports.pick = (cmd) => cp.exec('b ' + cmd);"),
    sink('inline', "function go(cmd) { cp.exec('c ' + cmd); }\nmodule.exports = { go };"),
    { ...sink('esm', "export default function (cmd) { cp.exec('d ' + cmd); }"), path: 'lib/esm.js' },
  ];
  const { incoming } = crossFileIncoming(all);
  assert.deepEqual(
    [...incoming].map(([path, args]) => [path, args.map((a) => `${a.export}/${a.param}/${a.via}`)]),
    [['lib/esm.js', ['/0/req.query.d']], ['lib/inline.js', ['go/0/req.query.c']], ['lib/picked.js', ['pick/0/req.query.b']], ['lib/whole.js', ['/0/req.query.a']]].sort(),
  );
  for (const f of withIncoming(all).filter((f) => f.path.startsWith('lib/'))) {
    const confirmed = huntFile(f).filter((finding) => judgeStatic(finding, refuteStatic(finding, f)).verdict === 'confirmed');
    assert.equal(confirmed.length, 1, `${f.path} should be confirmed once`);
  }
});

test('the pass gives the same incoming arguments whatever order the files come in', () => {
  const forward = crossFileIncoming(files);
  const backward = crossFileIncoming([...files].reverse());
  assert.deepEqual([...backward.incoming].sort(), [...forward.incoming].sort());
  assert.ok(forward.incoming.size > 0);
});

test("one walk finds the calls into all of a file's modules and gives each call to its own module", () => {
  // Two specifiers, one a prefix of the other; a member named outside ASCII (ast-grep's regex reads \w as Unicode,
  // and the split between modules must too); a require with spaces inside its parentheses.
  const all = [
    js('routes/many.js', [
      "const a = require('../lib/a');",
      "const ab = require('../lib/ab');",
      "app.get('/m', (req, res) => {",
      '  a.ñame(req.query.x);',
      "  require( '../lib/ab' ).run(req.query.y);",
      '  ab.run(req.query.z);',
      '});',
    ]),
    js('lib/a.js', ["const cp = require('child_process');", "exports.ñame = (cmd) => cp.exec('a ' + cmd);"]),
    js('lib/ab.js', ["const cp = require('child_process');", "exports.run = (cmd) => cp.exec('b ' + cmd);"]),
  ];
  const { incoming } = crossFileIncoming(all);
  assert.deepEqual(
    [...incoming].map(([path, args]) => [path, args.map((a) => `${a.export}/${a.param}/${a.via}`).sort()]).sort(),
    [['lib/a.js', ['ñame/0/req.query.x']], ['lib/ab.js', ['run/0/req.query.y', 'run/0/req.query.z']]],
  );
});
