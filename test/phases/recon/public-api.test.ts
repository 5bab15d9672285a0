// The library threat model end to end: recon decides which packages are libraries (and says why), and a real
// scan confirms an exported function that builds a shell command from its argument — only in a library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runScan } from '../../../src/driver/scan.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { publicApiPackages } from '../../../src/phases/recon/public-api.ts';
import { libraryOf } from '../../../src/engines/static/library-lookup.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };
const PS = "var cp = require('child_process');\nmodule.exports = function (args, cb) {\n  cp.exec('ps ' + args, cb);\n};\n";

test('libraries: main, exports, bin or a default index; private packages and server apps are applications', () => {
  const manifests = new Map([
    ['package.json', JSON.stringify({ name: 'root-lib', main: 'lib/index.js' })],
    ['packages/plain/package.json', JSON.stringify({ name: 'plain' })],
    ['packages/app/package.json', JSON.stringify({ name: 'app', private: true, main: 'server.js' })],
    ['packages/site/package.json', JSON.stringify({ name: 'site', main: 'server.js', scripts: { start: 'node server.js' }, dependencies: { express: '4' } })],
    ['packages/nomain/package.json', JSON.stringify({ name: 'nomain' })],
    ['broken/package.json', '{ nope'],
  ]);
  const decision = publicApiPackages(manifests, ['lib/index.js', 'packages/nomain/index.js', 'packages/plain/util.js']);
  assert.deepEqual(decision.libraries.map((l) => [l.package, l.dir]), [['root-lib', ''], ['nomain', 'packages/nomain']]);
  assert.match(decision.libraries[0]?.reason ?? '', /"main" is lib\/index\.js/);
  assert.match(decision.libraries[1]?.reason ?? '', /no main; node loads index\.js/);
  assert.equal(decision.notes.length, 2);
  assert.equal(libraryOf(decision.libraries, 'packages/nomain/index.js'), 'nomain');
  assert.equal(libraryOf(decision.libraries, 'lib/x.js'), 'root-lib');
});

test('a library whose exported function shells out with its argument is confirmed; the same code in an app is not', async (t) => {
  const lib = tempDir(t);
  writeFiles(lib, { 'package.json': JSON.stringify({ name: 'ps-lib', main: 'index.js' }), 'index.js': PS });
  const result = await runScan({ target: lib, log: quiet });
  const recon = readArtifact(result.outDir, 'recon');
  assert.deepEqual(recon.publicApi?.map((p) => p.package), ['ps-lib']);
  const confirmed = result.report?.findings.filter((f) => f.verdict === 'confirmed') ?? [];
  assert.deepEqual(confirmed.map((f) => `${f.finding.ruleId} ${f.finding.file}:${f.finding.startLine}`), ['command-injection index.js:3']);
  assert.match(confirmed[0]?.refereeReasoning ?? '', /reachable from the exported API `module\.exports\(args\)`/);

  const app = tempDir(t);
  writeFiles(app, { 'package.json': JSON.stringify({ name: 'ps-app', private: true }), 'index.js': PS });
  const appResult = await runScan({ target: app, log: quiet });
  assert.equal(appResult.report?.findings.filter((f) => f.verdict === 'confirmed').length, 0);
});
