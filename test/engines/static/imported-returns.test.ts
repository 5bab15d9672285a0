// A helper another module of the target exports, which hands back what it was given (a URL's path, a command it
// builds from a name), carries that value to its importer: `helpers.pathOf(req.url)` is request input there, and so
// is what the importer passes on to a third module. The decoys stay as they were: a helper that contains the path,
// one that returns something else than its argument, one named as a sanitiser, and a library's whole parameter
// handed through a helper to a command runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossFileIncoming, huntFile, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';
import { exportFacts } from '../../../src/engines/static/cross-file/export-facts.ts';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { SourceFile } from '../../../src/engines/static/types.ts';

const js = (path: string, lines: string[], publicApi?: string): SourceFile => ({ path, language: 'javascript', isTest: false, content: lines.join('\n'), ...(publicApi ? { publicApi } : {}) });

/** The files as a scan gives them to the engine: with the cross-file pass's incoming arguments and import facts. */
function scanned(all: SourceFile[]): SourceFile[] {
  const { incoming, imported } = crossFileIncoming(all);
  return all.map((f) => ({ ...f, ...(incoming.has(f.path) ? { incoming: incoming.get(f.path) } : {}), ...(imported.has(f.path) ? { imported: imported.get(f.path) } : {}) }));
}

/** The verdict on each finding of `ruleId` in `path`, by line. */
function verdicts(all: SourceFile[], path: string, ruleId: string): Array<[number, string]> {
  const file = scanned(all).find((f) => f.path === path) as SourceFile;
  return huntFile(file).filter((f: Finding) => f.ruleId === ruleId).map((f) => [f.startLine, judgeStatic(f, refuteStatic(f, file)).verdict]);
}

const helpers = js('lib/helpers.js', [
  "const url = require('url');",
  "const path = require('path');",
  'module.exports.pathOf = function (requestUrl) {',
  "  const pathname = decodeURI(url.parse(requestUrl).pathname);",
  "  return pathname === '/' ? '/index.html' : pathname;",
  '};',
  // Contains the path: resolved under the root and checked to stay there.
  'module.exports.inside = function (root, requestUrl) {',
  '  const full = path.resolve(root, decodeURI(url.parse(requestUrl).pathname).slice(1));',
  "  if (!full.startsWith(root + path.sep)) throw new Error('outside');",
  '  return full;',
  '};',
  // Returns a table's entry, not its argument.
  "const TYPES = { '.html': 'text/html', '.css': 'text/css' };",
  'module.exports.typeOf = function (file) {',
  "  return TYPES[path.extname(file)] || 'index.html';",
  '};',
  // Named as a sanitiser: trusted by its name, as a helper defined in the importer's own file is.
  'module.exports.cleanPath = function (p) {',
  "  return p.replace(/\\/+$/, '');",
  '};',
]);

test('a helper exported by another module that returns its argument makes its result request input in the importer', () => {
  const server = js('lib/server.js', [
    "const fs = require('fs');",
    "const path = require('path');",
    "const helpers = require('./helpers');",
    "const { typeOf, inside, cleanPath } = require('./helpers');",
    "const root = path.join(__dirname, 'public');",
    'module.exports = (req, res) => {',
    '  fs.createReadStream(path.join(root, helpers.pathOf(req.url))).pipe(res);',
    '  fs.createReadStream(inside(root, req.url)).pipe(res);',
    '  fs.createReadStream(path.join(root, typeOf(req.url))).pipe(res);',
    '  fs.createReadStream(path.join(root, cleanPath(req.url))).pipe(res);',
    '};',
  ]);
  assert.deepEqual(verdicts([helpers, server], 'lib/server.js', 'path-traversal'), [[7, 'confirmed'], [8, 'manual-review'], [9, 'manual-review'], [10, 'manual-review']]);
});

test("what the helper returns is passed on to a third module's sink, which the cross-file pass follows", () => {
  const router = js('lib/router.js', [
    "const path = require('path');",
    "const helpers = require('./helpers');",
    "const send = require('./send');",
    'module.exports = (root) => (req, res) => {',
    '  const file = path.normalize(path.join(root, helpers.pathOf(req.url)));',
    '  send.stream(res, file);',
    '};',
  ]);
  const send = js('lib/send.js', [
    "const fs = require('fs');",
    'const streamFile = function (res, file) {',
    '  fs.createReadStream(file).pipe(res);',
    '};',
    'module.exports = { stream: streamFile };',
  ]);
  assert.deepEqual(verdicts([helpers, router, send], 'lib/send.js', 'path-traversal'), [[3, 'confirmed']]);
  // Without the helper's module in the scan nothing says what pathOf returns: the sink stays for a person.
  assert.deepEqual(verdicts([router, send], 'lib/send.js', 'path-traversal'), [[3, 'manual-review']]);
});

test("a library's parameter a helper builds into a command is built; one it hands back whole is run by the shell as given", () => {
  const commands = js('lib/commands.js', [
    "exports.cloneCommand = (repo) => 'git clone ' + repo;",
    'exports.same = (command) => command;',
  ], 'gitlib');
  const index = js('index.js', [
    "const cp = require('child_process');",
    "const commands = require('./lib/commands');",
    'exports.clone = function clone(repo) {',
    '  return cp.execSync(commands.cloneCommand(repo));',
    '};',
    'exports.run = function run(command) {',
    '  return cp.execSync(commands.same(command));',
    '};',
  ], 'gitlib');
  assert.deepEqual(verdicts([commands, index], 'index.js', 'command-injection'), [[4, 'confirmed'], [7, 'confirmed']]);
});

test('module facts say which parameters an exported function returns, and whether it builds them into a string', () => {
  const returns = (f: SourceFile) => exportFacts(f).filter((x) => x.returns).map((x) => `${x.key}:${x.returns?.map((r) => `${r.param}${r.built ? '+' : ''}`).join(',')}`);
  assert.deepEqual(returns(helpers), ['pathOf:0', 'cleanPath:0']);
  assert.deepEqual(returns(js('lib/m.mjs', ['export function pick(a, b) { return b; }', "export const quoted = (x) => `'${x}'`;", 'export default function (o) { return o.name; }'])), ['pick:1', 'quoted:0+', ':0', 'default:0']);
  // A local helper nobody else can import, and a function returning a number computed from its argument, give nothing.
  assert.deepEqual(returns(js('lib/n.js', ['function own(x) { return x; }', 'exports.size = (list) => list.length;'])), []);
});
