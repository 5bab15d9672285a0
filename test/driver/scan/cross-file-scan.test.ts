// A scan follows request input across modules: a route passing req.query.name to a helper another module exports
// confirms the command injection at the helper's sink, and the skeptic re-checks it with the same cross-file view
// (hunter-findings.json crossFile). When the route stops passing input, the next scan (same evidence cache) drops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { git, gitRepo } from '../../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };

const route = (arg: string) => [
  "const express = require('express');",
  "const { run } = require('../lib/run');",
  'const app = express();',
  "app.get('/u', (req, res) => {",
  `  run(${arg});`,
  '  res.end();',
  '});',
  'module.exports = app;',
  '',
].join('\n');

const project = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  'routes/user.js': route('req.query.name'),
  'lib/run.js': ["const cp = require('child_process');", '', 'exports.run = function run(name) {', "  cp.exec('x ' + name);", '};', ''].join('\n'),
};

const confirmed = (outDir: string) =>
  readArtifact(outDir, 'scan-report').findings.filter((f) => f.verdict === 'confirmed').map((f) => `${f.finding.file}:${f.finding.startLine} ${f.finding.ruleId}`);

test('request input passed to another module confirms the sink there; without it the next scan does not', async (t) => {
  const repo = gitRepo(t, project);
  const first = await runScan({ target: repo, log: quiet });
  assert.deepEqual(confirmed(first.outDir), ['lib/run.js:4 command-injection']);
  const hunter = readArtifact(first.outDir, 'hunter-findings');
  assert.deepEqual(hunter.crossFile?.incoming.map((a) => [a.file, a.export, a.param, a.from, a.line]), [['lib/run.js', 'run', 0, 'routes/user.js', 5]]);
  assert.deepEqual(hunter.crossFile?.cuts, []);
  const finding = readArtifact(first.outDir, 'scan-report').findings.find((f) => f.verdict === 'confirmed');
  assert.match(finding?.finding.claim ?? '', /req\.query\.name, passed from routes\/user\.js:5 to run\(name\)/);

  // The route now passes a literal: the cached analysis of lib/run.js with input must not answer for it.
  writeFileSync(join(repo, 'routes/user.js'), route("'fixed'"));
  git(repo, 'commit', '-qam', 'literal');
  clearAnalysisMemo();
  const second = await runScan({ target: repo, log: quiet });
  assert.deepEqual(confirmed(second.outDir), []);
  assert.deepEqual(readArtifact(second.outDir, 'hunter-findings').crossFile?.incoming, []);
});

const viaModule = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  'routes/user.js': [
    "const express = require('express');",
    "const cp = require('../lib/cp');",
    'const app = express();',
    "app.get('/u', (req, res) => {",
    "  cp.exec('x ' + req.query.name);",
    '  res.end();',
    '});',
    'module.exports = app;',
    '',
  ].join('\n'),
  'lib/cp.js': "module.exports = require('child_process');\n",
};

test('child_process another module re-exports is a sink where it is called, in the hunt and in the re-check; a local module that is not it is not', async (t) => {
  const repo = gitRepo(t, viaModule);
  const first = await runScan({ target: repo, log: quiet });
  assert.deepEqual(confirmed(first.outDir), ['routes/user.js:5 command-injection']);
  const hunter = readArtifact(first.outDir, 'hunter-findings');
  assert.deepEqual(hunter.crossFile?.imported, [{ file: 'routes/user.js', specifier: '../lib/cp', export: '', module: 'child_process', from: 'lib/cp.js', line: 1 }]);

  // lib/cp.js now exports its own function under the same name: the cached analysis with the fact must not answer.
  writeFileSync(join(repo, 'lib/cp.js'), 'exports.exec = function exec(line) {\n  return String(line).length;\n};\n');
  git(repo, 'commit', '-qam', 'own exec');
  clearAnalysisMemo();
  const second = await runScan({ target: repo, log: quiet });
  assert.deepEqual(confirmed(second.outDir), []);
  assert.equal(readArtifact(second.outDir, 'hunter-findings').crossFile?.imported, undefined);
});
