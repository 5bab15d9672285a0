// The cross-file pass's per-file step through the evidence cache, on real scans of a real git repository: after one
// file changes, only that file's tainted calls are worked out again (the others are cache hits), the cross-file
// finding follows the change both ways, and a cold-cache scan finds exactly what the warm one does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { crossFileCallsKey, crossFileCallsStore } from '../../../src/engines/cache/cross-file-calls.ts';
import { openCacheDir } from '../../../src/engines/cache/store.ts';
import { countersOf } from '../../../src/engines/cache/usage.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { crossFileIncoming } from '../../../src/engines/static/index.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };

const route = (arg: string) =>
  ["const express = require('express');", "const { run } = require('../lib/run');", 'const app = express();', "app.get('/u', (req, res) => {", `  run(${arg});`, '  res.end();', '});', 'module.exports = app;', ''].join('\n');
const SAFE = 'parseInt(req.query.n, 10)';
const TAINTED = 'req.query.name';
const SINK = 'lib/run.js:4 command-injection confirmed';

// Three routes that read request input and call into the sink's module: each is a file the pass parses.
const project = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  'routes/a.js': route(SAFE),
  'routes/b.js': route(SAFE),
  'routes/c.js': route(SAFE),
  'lib/run.js': ["const cp = require('child_process');", '', 'exports.run = function run(name) {', "  cp.exec('x ' + name);", '};', ''].join('\n'),
};

const findingsOf = (outDir: string) => readArtifact(outDir, 'scan-report').findings.map((f) => `${f.finding.file}:${f.finding.startLine} ${f.finding.ruleId} ${f.verdict}`).sort();
const crossFileOf = (outDir: string) => readArtifact(outDir, 'hunter-findings').crossFile;
const countersIn = (outDir: string) => countersOf(readArtifact(outDir, 'cache-usage'));

async function scan(repo: string, options: { noCache?: boolean } = {}) {
  // A fresh process would have no in-memory analyses: only the evidence cache carries work between scans.
  clearAnalysisMemo();
  return (await runScan({ target: repo, log: quiet, ...(options.noCache ? { cache: { disabled: true } } : {}) })).outDir;
}

function commit(repo: string, arg: string) {
  writeFileSync(join(repo, 'routes/c.js'), route(arg));
  git(repo, 'commit', '-qam', `route c passes ${arg}`);
}

test('after one changed file only its tainted calls are worked out again; the cross-file finding follows the change both ways', async (t) => {
  const repo = gitRepo(t, project);
  const first = await scan(repo);
  assert.deepEqual(countersIn(first)['cross-file-calls'], { hits: 0, misses: 3, corrupt: 0, writes: 3 });
  assert.ok(!findingsOf(first).includes(SINK), findingsOf(first).join('\n'));

  // Route c now passes the query to run(): the set of files changed, so the pass runs, but a.js and b.js are hits.
  commit(repo, TAINTED);
  const tainted = await scan(repo);
  const counters = countersIn(tainted);
  assert.deepEqual(counters['cross-file-calls'], { hits: 2, misses: 1, corrupt: 0, writes: 1 });
  assert.deepEqual(counters['cross-file'], { hits: 0, misses: 1, corrupt: 0, writes: 1 });
  // The static engine re-analyses c.js (new content) and lib/run.js (new incoming argument), nothing else.
  assert.equal(counters.static.misses, 2);
  assert.deepEqual(crossFileOf(tainted)?.incoming.map((a) => `${a.from} → ${a.file} ${a.export}(${a.param}) ${a.via}`), ['routes/c.js → lib/run.js run(0) req.query.name']);
  assert.ok(findingsOf(tainted).includes(SINK), findingsOf(tainted).join('\n'));

  // A scan with no cache at all finds exactly the same.
  const cold = await scan(repo, { noCache: true });
  assert.deepEqual(findingsOf(cold), findingsOf(tainted));
  assert.deepEqual(crossFileOf(cold), crossFileOf(tainted));

  // Reverted: the finding is gone again (the first scan's whole-set entry answers, no per-file lookup needed).
  commit(repo, SAFE);
  const reverted = await scan(repo);
  assert.deepEqual(countersIn(reverted)['cross-file'], { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(countersIn(reverted)['cross-file-calls'], { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  assert.ok(!findingsOf(reverted).includes(SINK), findingsOf(reverted).join('\n'));
  assert.deepEqual(findingsOf(reverted), findingsOf(first));
});

const file = { path: 'routes/c.js', content: route(TAINTED), language: 'javascript', isTest: false };

test('the per-file key covers path, language, library, test flag, content, incoming arguments, import facts and the modules followed', () => {
  const key = crossFileCallsKey(file, ['../lib/run']);
  assert.equal(crossFileCallsKey({ ...file, incoming: [] }, ['../lib/run']), key);
  assert.equal(crossFileCallsKey({ ...file, imported: [] }, ['../lib/run']), key);
  const imported = [{ specifier: '../lib/run', export: 'pathOf', returns: [{ param: 0 }], from: 'lib/run.js', line: 1 }];
  const incoming = [{ export: '', param: 0, via: 'req.body', from: 'x.js', line: 1 }];
  for (const other of [
    crossFileCallsKey({ ...file, path: 'routes/d.js' }, ['../lib/run']),
    crossFileCallsKey({ ...file, language: 'typescript' }, ['../lib/run']),
    crossFileCallsKey({ ...file, publicApi: 'app' }, ['../lib/run']),
    crossFileCallsKey({ ...file, isTest: true }, ['../lib/run']),
    crossFileCallsKey({ ...file, content: `${file.content}\n` }, ['../lib/run']),
    crossFileCallsKey({ ...file, incoming }, ['../lib/run']),
    crossFileCallsKey({ ...file, imported }, ['../lib/run']),
    crossFileCallsKey(file, []),
    crossFileCallsKey(file, ['../lib/run'], 'another-engine'),
  ]) assert.notEqual(other, key);
});

test('a stored answer naming a module the file does not follow, or a line it does not have, is not used', (t) => {
  const cache = openCacheDir(tempDir(t), { warn() {} });
  const store = crossFileCallsStore(cache)!;
  const files = [file, { path: 'lib/run.js', content: project['lib/run.js'], language: 'javascript', isTest: false }];
  const fresh = crossFileIncoming(files).incoming.get('lib/run.js');
  assert.equal(fresh?.length, 1);
  for (const planted of [
    [{ specifier: '../elsewhere', export: 'run', param: 0, via: 'req.query.planted', line: 5 }],
    [{ specifier: '../lib/run', export: 'run', param: 0, via: 'req.query.planted', line: 500 }],
  ]) {
    store.put(file, ['../lib/run'], planted);
    assert.deepEqual(crossFileIncoming(files, store).incoming.get('lib/run.js'), fresh);
  }
  // A plausible stored answer is taken as the step's answer (which is why its key must cover every input).
  store.put(file, ['../lib/run'], [{ specifier: '../lib/run', export: 'run', param: 0, via: 'req.query.stored', line: 5 }]);
  assert.deepEqual(crossFileIncoming(files, store).incoming.get('lib/run.js')?.map((a) => a.via), ['req.query.stored']);
});
