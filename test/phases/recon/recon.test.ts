import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { openCacheDir } from '../../../src/engines/cache/store.ts';
import { runRecon } from '../../../src/phases/recon/index.ts';
import { reconFile } from '../../../src/engines/attack-surface/file-recon.ts';
import { cachedReconFiles, storeReconFiles } from '../../../src/engines/cache/recon-files.ts';
import { tempDir } from '../../helpers/temp.ts';
import { project } from './triage-fixture.ts';

const SERVER = [
  "import express from 'express';",
  "import { exec } from 'node:child_process';",
  "import { readFile } from 'node:fs/promises';",
  'const app = express();',
  "app.get('/users/:id', (req, res) => {",
  '  const name = req.query.name;',
  "  exec('convert ' + name, () => res.end());",
  '});',
  "app.post('/upload', async (req, res) => {",
  '  const data = JSON.parse(req.body.raw);',
  "  res.render('done', data);",
  '});',
  'app.listen(process.env.PORT);',
  "export const load = () => readFile('x.txt', 'utf8');",
  '',
].join('\n');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'demo', main: './dist/index.js', bin: { tool: './bin/cli.js' }, dependencies: { express: '4.0.0', pg: '8.0.0' } }),
  'package-lock.json': '{}',
  'src/server.js': SERVER,
  'src/index.ts': "export function startServer(port: number) {\n  return port;\n}\nexport const VERSION = '1';\n",
  'src/db.ts': "export async function find(db: any, id: string) {\n  return db.query(`SELECT * FROM users WHERE id = ${id}`);\n}\nexport async function safe(db: any) {\n  return db.query('SELECT 1', []);\n}\n",
  'bin/cli.js': "#!/usr/bin/env node\nimport { startServer } from '../src/index.js';\nstartServer(Number(process.argv[2]));\n",
  'src/worker.js': "import amqp from 'amqplib';\nexport async function start(channel) {\n  channel.consume('jobs', (msg) => msg);\n  process.on('message', (m) => m);\n}\n",
  'py/app.py': "import subprocess\nfrom flask import Flask, request\napp = Flask(__name__)\n\n@app.route('/run', methods=['POST'])\ndef run():\n    return subprocess.check_output(request.form['cmd'], shell=True)\n\nif __name__ == '__main__':\n    app.run()\n",
  'py/requirements.txt': 'flask==3.0.0\nrequests>=2\n',
  'go/main.go': 'package main\n\nimport (\n\t"net/http"\n\t"os/exec"\n)\n\nfunc main() {\n\thttp.HandleFunc("/ping", func(w http.ResponseWriter, r *http.Request) {\n\t\texec.Command("sh", "-c", r.FormValue("q")).Run()\n\t})\n}\n',
  'test/server.test.js': "app.get('/fake', (req, res) => res.end(req.query.x));\n",
};

test('an Express app: routes with their lines, request input reaching exec, and the other boundaries', async (t) => {
  const p = project(t, FILES);
  await runRecon(p.ctx);
  const recon = readArtifact(p.ctx.outDir, 'recon');
  const routes = recon.entryPoints.filter((e) => e.kind === 'http-route' && e.file === 'src/server.js');
  assert.deepEqual(routes.map((e) => [e.name, e.line]), [['GET /users/:id', 5], ['POST /upload', 9]]);
  const at = (file: string, line: number) => recon.trustBoundaries.filter((b) => b.file === file && b.line === line).map((b) => `${b.kind}:${b.detail}`);
  assert.deepEqual(at('src/server.js', 6), ['request-input:req.query.name']);
  assert.deepEqual(at('src/server.js', 7), ['child-process:child_process.exec']);
  assert.deepEqual(at('src/server.js', 10), ['deserialisation:JSON.parse(req.body.raw)', 'request-input:req.body.raw']);
  assert.deepEqual(at('src/server.js', 11), ['template:res.render']);
  assert.deepEqual(at('src/server.js', 13), ['environment:process.env.PORT']);
  assert.deepEqual(at('src/server.js', 14), ['files:fs/promises.readFile']);
  assert.deepEqual(at('src/db.ts', 2), ['sql:db.query(template with ${})']);
  assert.deepEqual(at('src/db.ts', 5), ['sql:db.query(literal)']);
  assert.equal(recon.highRiskPaths[0], 'src/server.js');
  // Test files are not examined when triage did not include them.
  assert.ok(!recon.entryPoints.some((e) => e.file.startsWith('test/')));
  assert.equal(recon.scanned.tests, false);
});

test('package.json bin is one cli entry, main maps dist/ to the source exports, and the stack is read', async (t) => {
  const p = project(t, FILES);
  const recon = await runRecon(p.ctx);
  assert.deepEqual(
    recon.entryPoints.filter((e) => e.kind === 'cli-bin').map((e) => [e.name, e.file, e.line]),
    [['tool', 'bin/cli.js', 1]],
  );
  assert.deepEqual(
    recon.entryPoints.filter((e) => e.kind === 'exported-api').map((e) => [e.name, e.file, e.line]),
    [['startServer', 'src/index.ts', 1], ['VERSION', 'src/index.ts', 4]],
  );
  assert.deepEqual(recon.stack.frameworks, ['express', 'flask', 'pg']);
  assert.deepEqual(recon.stack.packageManagers, ['npm', 'pip']);
  assert.deepEqual(recon.stack.manifests, ['package.json', 'py/requirements.txt']);
  assert.deepEqual(recon.stack.lockFiles, ['package-lock.json']);
  assert.deepEqual(
    recon.entryPoints.filter((e) => e.kind === 'message-handler').map((e) => [e.name, e.line]),
    [['channel.consume', 3], ["process.on('message')", 4]],
  );
});

test('Python and Go are covered by the line-pattern fallback', async (t) => {
  const p = project(t, FILES);
  const recon = await runRecon(p.ctx);
  const of = (file: string) => recon.entryPoints.filter((e) => e.file === file).map((e) => `${e.kind}:${e.name}@${e.line}`);
  assert.deepEqual(of('py/app.py'), ['http-route:POST /run@5', 'main:__main__@9']);
  assert.deepEqual(of('go/main.go'), ['main:main@8', 'http-route:ANY /ping@9']);
  const kinds = (file: string) => recon.trustBoundaries.filter((b) => b.file === file).map((b) => `${b.kind}@${b.line}`);
  assert.deepEqual(kinds('py/app.py'), ['child-process@7', 'request-input@7']);
  assert.deepEqual(kinds('go/main.go'), ['child-process@10', 'request-input@10']);
  assert.equal(recon.scanned.precise + recon.scanned.fallback, recon.scanned.files);
  assert.equal(recon.scanned.fallback, 2);
});

test('a file changed since triage is excluded with the reason, not read', async (t) => {
  const p = project(t, FILES);
  writeFileSync(join(p.root, 'src/server.js'), SERVER.replace('/users/:id', '/changed'));
  const recon = await runRecon(p.ctx);
  assert.equal(recon.excluded.length, 1);
  assert.equal(recon.excluded[0]?.file, 'src/server.js');
  assert.match(recon.excluded[0]?.reason ?? '', /changed since it was recorded/);
  assert.ok(!recon.entryPoints.some((e) => e.file === 'src/server.js'));
  assert.ok(!recon.trustBoundaries.some((b) => b.file === 'src/server.js'));
});

test('with a warm evidence cache only unknown files are read: a cached file counts as the content triage hashed', async (t) => {
  const p = project(t, FILES);
  const dir = tempDir(t);
  p.ctx.cache = openCacheDir(dir, { warn: (m) => assert.fail(m) });
  const { generatedAt: _first, ...cold } = await runRecon(p.ctx);
  assert.ok(cold.entryPoints.some((e) => e.file === 'src/server.js'));
  // Changed after triage: the cache answers for the hash triage recorded, so recon does not read the file (the
  // hunter reads it at that hash before any finding in it counts, and fails its chunk: test/driver/scan/scan.test).
  writeFileSync(join(p.root, 'src/server.js'), SERVER.replace('/users/:id', '/changed'));
  const cache = openCacheDir(dir, { warn: (m) => assert.fail(m) });
  p.ctx.cache = cache;
  const { generatedAt: _second, ...warm } = await runRecon(p.ctx);
  assert.deepEqual(warm, cold);
  // The same set of files at the same hashes: their recon in one lookup.
  assert.deepEqual(cache.counters()['recon-files'], { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(cache.counters().recon, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  // Without that entry each file's answers, and the changed file is still not read.
  rmSync(join(dir, 'recon-files'), { recursive: true });
  const perFile = openCacheDir(dir, { warn: (m) => assert.fail(m) });
  p.ctx.cache = perFile;
  const { generatedAt: _third, ...again } = await runRecon(p.ctx);
  assert.deepEqual(again, cold);
  assert.equal(perFile.counters().recon.misses, 0);
  assert.ok(perFile.counters().recon.hits >= 5);
  // Without the cache the same change is seen and the file excluded.
  p.ctx.cache = undefined;
  assert.equal((await runRecon(p.ctx)).excluded[0]?.file, 'src/server.js');
});

test('a package entry with no scanned source is a note, and a broken manifest does not crash recon', async (t) => {
  const p = project(t, { 'package.json': '{ not json', 'sub/package.json': JSON.stringify({ main: 'lib/missing.js' }), 'sub/a.js': 'export const a = 1;\n' });
  const recon = await runRecon(p.ctx);
  assert.ok(recon.notes.some((n) => n.startsWith('package.json is not valid JSON')));
  assert.ok(recon.notes.some((n) => n.includes('sub/lib/missing.js has no scanned source file')));
});

test('a whole-set recon entry whose facts cite another file than their own is refused with a warning, and recon is worked out again', (t) => {
  const dir = tempDir(t);
  const warnings: string[] = [];
  const files = [{ path: 'src/server.js', language: 'javascript', sha256: 'a'.repeat(64) }];
  const own = reconFile({ ...files[0]!, content: SERVER });
  assert.ok(own.entryPoints.length > 0, 'the server has routes');
  const cache = openCacheDir(dir, { warn: (m) => warnings.push(m) });
  storeReconFiles(cache, files, [own]);
  assert.deepEqual(cachedReconFiles(cache, files), [own]);
  // The same entry with an entry point moved into a file outside the set: damaged or planted.
  storeReconFiles(cache, files, [{ ...own, entryPoints: own.entryPoints.map((e) => ({ ...e, file: 'src/elsewhere.js' })) }]);
  assert.equal(cachedReconFiles(cache, files), undefined);
  assert.deepEqual(cache.counters()['recon-files'], { hits: 1, misses: 1, corrupt: 1, writes: 2 });
  assert.match(warnings.join('\n'), /is not the recon of the files it was stored for/);
});
