import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { ThreatModel } from '../../../src/artifacts/schemas/threat-model.ts';
import { runRecon } from '../../../src/phases/recon/index.ts';
import { runThreat } from '../../../src/phases/threat/index.ts';
import { THREAT_MARKDOWN } from '../../../src/engines/report/threat-model-files.ts';
import { project } from '../recon/triage-fixture.ts';
import { readFiles } from '../../helpers/temp.ts';

const DEMO = fileURLToPath(new URL('../../../examples/demo-api/', import.meta.url));

/** "file:line stride" for every threat with no mitigation seen, where the missing guard is located. */
function open(model: ThreatModel): string[] {
  return model.flows
    .flatMap((f) => f.threats.filter((t) => t.mitigation.status === 'absent').map((t) => `${f.at.file}:${f.at.line} ${t.stride}`))
    .sort();
}

test('demo-api: HTTP entry points with their mount prefixes, database and shell boundaries, and unmitigated threats exactly at the planted bugs', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  await runThreat(p.ctx);
  const model = readArtifact(p.ctx.outDir, 'threat-model');
  const md = readFileSync(join(p.ctx.outDir, THREAT_MARKDOWN), 'utf8');

  const routes = model.flows.filter((f) => f.entry?.kind === 'http-route').map((f) => f.entry!.name);
  for (const route of ['GET /admin/ping', 'GET /files/download', 'GET /users/search', 'PATCH /users/me/settings', 'DELETE /users/me']) {
    assert.ok(routes.includes(route), `${route} is an HTTP entry point`);
    assert.ok(md.includes(route), `${route} is named in threat-model.md`);
  }
  const kinds = model.boundaries.map((b) => b.kind);
  for (const kind of ['http-entry', 'database', 'shell', 'filesystem', 'authentication'] as const) assert.ok(kinds.includes(kind), `${kind} boundary`);
  assert.ok(md.includes('Database queries') && md.includes('Shell and child processes'));
  assert.ok(model.assets.some((a) => a.name === 'PostgreSQL database'), 'pg names the database');

  // The planted security bugs, and nothing else, lack a mitigation (the decoys' guards are seen).
  assert.deepEqual(open(model), [
    'src/lib/auth.js:7 spoofing', // hardcoded-secret: jwt.sign with a literal key
    'src/routes/admin.js:9 elevation-of-privilege', // command-injection
    'src/routes/admin.js:9 tampering',
    'src/routes/files.js:10 spoofing', // /files is mounted without authentication
    'src/routes/files.js:12 information-disclosure', // path-traversal
    'src/routes/files.js:19 spoofing',
    'src/routes/files.js:26 spoofing',
    'src/routes/users.js:10 information-disclosure', // sql-injection
    'src/routes/users.js:10 tampering',
    'src/routes/users.js:21 tampering', // the body reaches mergeSettings: prototype-pollution
  ]);
  const flowAt = (file: string, line: number) => model.flows.find((f) => f.at.file === file && f.at.line === line)!;
  assert.equal(flowAt('src/lib/auth.js', 7).threats[0]!.mitigation.at?.line, 4, 'points at the literal key');
  assert.equal(flowAt('src/routes/admin.js', 22).threats[0]!.mitigation.detail, 'no shell: argv array (execFile/spawn)');
  assert.equal(flowAt('src/routes/admin.js', 28).threats[0]!.mitigation.at?.line, 27, 'parseInt before the shell');
  assert.match(flowAt('src/routes/files.js', 22).threats[0]!.mitigation.detail, /containment/);
  assert.equal(flowAt('src/routes/users.js', 16).threats[0]!.mitigation.status, 'seen');
  assert.deepEqual(flowAt('src/routes/users.js', 8).authentication, { status: 'required', at: { file: 'src/app.js', line: 11, detail: "app.use('/users', auth.requireUser, users);" } });
  assert.equal(flowAt('src/routes/files.js', 10).authentication.status, 'none-seen');
  assert.match(md, /```mermaid\nflowchart LR\n/);
  assert.match(md, /P0 -->\|"TB\d+ Shell and child processes: 4 flows, 1 unmitigated"\| A\d+/);
});
