// The cross-file taint pass through the evidence cache: a second scan of the same files takes the pass from the
// cache (a hit in cache-usage.json) with the same findings; a file change is a miss, and the cross-file finding
// follows the change both ways. A stored entry that names a file outside the scan is not used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { cachedCrossFile, crossFileKey, storeCrossFile } from '../../../src/engines/cache/cross-file.ts';
import { openCacheDir } from '../../../src/engines/cache/store.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { crossFilePass } from '../../../src/phases/hunter/cross-file.ts';
import type { Triage } from '../../../src/artifacts/schemas/triage.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { clearAnalysisMemo } from '../../../src/engines/static/engine.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

const quiet: Logger = { info() {}, warn() {}, progress() {} };

const route = (arg: string) =>
  ["const express = require('express');", "const { run } = require('../lib/run');", 'const app = express();', "app.get('/u', (req, res) => {", `  run(${arg});`, '  res.end();', '});', 'module.exports = app;', ''].join('\n');

const project = {
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  'routes/user.js': route('req.query.name'),
  'lib/run.js': ["const cp = require('child_process');", '', 'exports.run = function run(name) {', "  cp.exec('x ' + name);", '};', ''].join('\n'),
};

const findingsOf = (outDir: string) => readArtifact(outDir, 'scan-report').findings.map((f) => `${f.finding.file}:${f.finding.startLine} ${f.finding.ruleId} ${f.verdict}`).sort();
const crossFileOf = (outDir: string) => readArtifact(outDir, 'hunter-findings').crossFile;
const usageOf = (outDir: string) => readArtifact(outDir, 'cache-usage').kinds['cross-file'];

async function scan(repo: string) {
  // A fresh process would have no in-memory analyses: only the evidence cache carries work between scans.
  clearAnalysisMemo();
  return (await runScan({ target: repo, log: quiet })).outDir;
}

function commit(repo: string, arg: string) {
  writeFileSync(join(repo, 'routes/user.js'), route(arg));
  git(repo, 'commit', '-qam', `route passes ${arg}`);
}

test('a second scan takes the cross-file pass from the cache with the same findings; a changed file runs it again and the finding follows', async (t) => {
  const repo = gitRepo(t, project);
  const first = await scan(repo);
  assert.deepEqual(usageOf(first), { hits: 0, misses: 1, corrupt: 0, writes: 1 });
  assert.ok(findingsOf(first).includes('lib/run.js:4 command-injection confirmed'), findingsOf(first).join('\n'));

  const second = await scan(repo);
  assert.deepEqual(usageOf(second), { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(crossFileOf(second), crossFileOf(first));
  assert.deepEqual(findingsOf(second), findingsOf(first));

  // The route stops passing input: a miss, the pass runs again, and the cross-file finding is no longer confirmed.
  commit(repo, "'fixed'");
  const fixed = await scan(repo);
  assert.deepEqual(usageOf(fixed), { hits: 0, misses: 1, corrupt: 0, writes: 1 });
  assert.deepEqual(crossFileOf(fixed)?.incoming, []);
  assert.ok(!findingsOf(fixed).includes('lib/run.js:4 command-injection confirmed'), findingsOf(fixed).join('\n'));

  // Back to the first content: the first entry answers again, and the finding is back.
  commit(repo, 'req.query.name');
  const back = await scan(repo);
  assert.deepEqual(usageOf(back), { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(crossFileOf(back), crossFileOf(first));
  assert.deepEqual(findingsOf(back), findingsOf(first));
});

test('the cross-file key covers path, language, library and hash, in any order; an entry naming a file outside the scan is refused', (t) => {
  const files = [
    { path: 'a.js', language: 'javascript', sha256: 'a'.repeat(64) },
    { path: 'b.js', language: 'javascript', sha256: 'b'.repeat(64), publicApi: 'lib' },
  ];
  const key = crossFileKey(files);
  assert.equal(crossFileKey([...files].reverse()), key);
  assert.notEqual(crossFileKey([files[0]!, { ...files[1]!, sha256: 'c'.repeat(64) }]), key);
  assert.notEqual(crossFileKey([files[0]!, { ...files[1]!, publicApi: 'other' }]), key);
  assert.notEqual(crossFileKey([files[0]!, { ...files[1]!, language: 'typescript' }]), key);
  assert.notEqual(crossFileKey([files[0]!, { ...files[1]!, path: 'c.js' }]), key);
  assert.notEqual(crossFileKey([files[0]!]), key);

  const cache = openCacheDir(tempDir(t), { warn() {} });
  const arg = { file: 'b.js', export: 'run', param: 0, via: 'req.query.name', from: 'a.js', line: 5 };
  storeCrossFile(cache, files, { incoming: [arg], cuts: [] });
  assert.deepEqual(cachedCrossFile(cache, files), { incoming: [arg], cuts: [] });
  // The same key holding a caller that is not among the files (a damaged or planted entry) is a miss.
  storeCrossFile(cache, files, { incoming: [{ ...arg, from: 'elsewhere.js' }], cuts: [] });
  assert.equal(cachedCrossFile(cache, files), undefined);
});

test('the pass is looked up by the hashes triage recorded; a hit naming a file changed since is not used, and the pass runs on what is read', async (t) => {
  const repo = gitRepo(t, project);
  const listed = Object.keys(project).filter((path) => path.endsWith('.js'));
  // What triage recorded: each file's path, language and hash (the pass reads nothing else of the record).
  const triage = { files: listed.map((path) => ({ path, language: 'javascript', isTest: false, sha256: sha256(readFileSync(join(repo, path))) })) } as unknown as Pick<Triage, 'files'>;
  const cache = openCacheDir(tempDir(t), { warn() {} });
  const first = await crossFilePass(repo, triage, () => undefined, cache);
  assert.deepEqual(first.incoming.map((a) => `${a.from} -> ${a.file}`), ['routes/user.js -> lib/run.js']);
  assert.deepEqual(await crossFilePass(repo, triage, () => undefined, cache), first);
  // The caller changes after triage recorded it: the stored pass names it, so it is not taken; the changed file is
  // left out (its own chunk fails closed) and the pass over the rest finds no incoming argument.
  writeFileSync(join(repo, 'routes/user.js'), route("'fixed'"));
  assert.deepEqual(await crossFilePass(repo, triage, () => undefined, cache), { incoming: [], cuts: [] });
});
