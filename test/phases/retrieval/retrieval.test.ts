import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContextItem } from '../../../src/artifacts/schemas/retrieval-plan.ts';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { runRecon } from '../../../src/phases/recon/index.ts';
import { contextHasReaders, runRetrieval } from '../../../src/phases/retrieval/index.ts';
import { project, writePlan } from '../recon/triage-fixture.ts';

const FILES: Record<string, string> = {
  'src/service.ts': [
    "import { sanitize } from './lib';",
    "import { query } from './db.js';",
    'export function handle(x: string) {',
    '  return query(sanitize(x));',
    '}',
    '',
  ].join('\n'),
  'src/lib/index.ts': "export { sanitize } from '../util/strings.js';\n",
  'src/util/strings.ts': 'export function sanitize(s: string) {\n  return s.trim();\n}\n\nexport function unused() {\n  return 1;\n}\n',
  'src/db.ts': 'const url = process.env.DB_URL;\n\nexport function query(s: string) {\n  return url + s;\n}\n',
  'src/routes.ts': "import { handle } from './service.js';\n\nexport function route(req: any) {\n  const v = handle(req.query.q);\n  return v;\n}\n",
  'src/other.ts': "import * as svc from './service';\n\n\n\n\nsvc.handle('x');\n",
  'src/big.ts': `import { handle } from './service.js';\nexport const BIG = '${'x'.repeat(30000)}';\n`,
  'test/service.test.ts': "import { handle } from '../src/service.ts';\n\nhandle('t');\n",
};

const CHUNKS = [['src/service.ts'], ['src/routes.ts', 'src/other.ts']];
const brief = (i: ContextItem) => `${i.reason} ${i.file}${i.startLine ? `:${i.startLine}-${i.endLine}` : ''}${i.symbol ? ` ${i.symbol}` : ''}`;

test('with no model to read it (the static engine), no code index is built and each chunk lists its own files', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  const plan = await runRetrieval(p.ctx);
  assert.deepEqual(plan.index, { files: 0, precise: 0, fallback: 0, millis: 0, unindexed: [] });
  assert.deepEqual(plan.chunks.map((c) => c.included.map(brief)), [['direct src/service.ts'], ['direct src/routes.ts', 'direct src/other.ts']]);
  assert.ok(plan.notes.some((n) => n.includes('the code index was not built')));
});

test('a model hunter or a model refuter reads the context; the static engine does not', () => {
  const models = {} as NonNullable<Parameters<typeof contextHasReaders>[0]['models']>;
  assert.equal(contextHasReaders({}), false);
  assert.equal(contextHasReaders({ models, modelRoles: new Set(['referee']) }), false);
  assert.equal(contextHasReaders({ models, modelRoles: new Set(['hunter']) }), true);
  assert.equal(contextHasReaders({ models, modelRoles: new Set(['skeptic']) }), true);
});

test('a chunk gets the definitions it calls (through re-exports) and the callers of its exports', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  await runRetrieval(p.ctx, true);
  const plan = readArtifact(p.ctx.outDir, 'retrieval-plan');
  const chunk = plan.chunks[0];
  assert.equal(chunk?.chunkId, 'chunk-001');
  assert.deepEqual(chunk?.included.map(brief), [
    'direct src/service.ts',
    'definition src/db.ts:3-5 query',
    'definition src/util/strings.ts:1-3 sanitize',
    'caller src/other.ts:3-6 handle',
    'caller src/routes.ts:3-6 handle',
    'caller test/service.test.ts:1-3 handle',
    'dependency src/lib/index.ts',
  ]);
  assert.equal(chunk?.included.find((i) => i.reason === 'caller' && i.file === 'src/routes.ts')?.via, 'src/routes.ts:4');
  // The big dependent does not fit the token budget: recorded, with why.
  const big = chunk?.excluded.find((e) => e.item.file === 'src/big.ts');
  assert.equal(big?.kind, 'budget-tokens');
  assert.match(big?.why ?? '', /^needs 7,5\d\d tokens; \d[\d,]* of maxTokens 6,000 left$/);
  assert.ok((chunk?.usage.tokens ?? 0) <= plan.budgets.maxTokens);
  assert.ok((chunk?.usage.files ?? 0) <= plan.budgets.maxFiles);
  assert.deepEqual(plan.budgets, { maxFiles: 8, maxTokens: 6000, source: 'default' });
  assert.ok(plan.notes.some((n) => n.includes('sets no retrieval budgets')));
  assert.ok(plan.notes.some((n) => n.includes('recon.json is absent')));
  assert.equal(plan.index.precise, 8);
});

test('the second chunk gets its dependency definitions; nothing from inside the chunk is offered as context', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  const plan = await runRetrieval(p.ctx, true);
  const chunk = plan.chunks[1];
  assert.deepEqual(chunk?.included.map(brief), ['direct src/routes.ts', 'direct src/other.ts', 'definition src/service.ts:3-5 handle']);
  assert.ok(!chunk?.excluded.some((e) => e.item.file === 'src/routes.ts' || e.item.file === 'src/other.ts'));
});

test('with recon.json, a trust boundary next to the chunk is added as the code around it', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  await runRecon(p.ctx);
  const plan = await runRetrieval(p.ctx, true);
  const boundary = plan.chunks[0]?.included.find((i) => i.reason === 'trust-boundary');
  assert.equal(boundary && brief(boundary), 'trust-boundary src/db.ts:1-1 environment: process.env.DB_URL');
  assert.ok(!plan.notes.some((n) => n.includes('recon.json is absent')));
});

test('a file changed since triage is never used: excluded with the reason, as context and as a chunk file', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  writeFileSync(join(p.root, 'src/db.ts'), FILES['src/db.ts']!.replace('url + s', 's'));
  writeFileSync(join(p.root, 'src/routes.ts'), `${FILES['src/routes.ts']}// edited\n`);
  const plan = await runRetrieval(p.ctx, true);
  assert.deepEqual(plan.index.unindexed.map((u) => u.file), ['src/db.ts', 'src/routes.ts']);
  const db = plan.chunks[0]?.excluded.find((e) => e.item.file === 'src/db.ts');
  assert.equal(db?.kind, 'integrity');
  assert.equal(db?.item.reason, 'definition');
  assert.match(db?.why ?? '', /src\/db\.ts changed since it was recorded/);
  assert.ok(!plan.chunks[0]?.included.some((i) => i.file === 'src/db.ts'));
  const own = plan.chunks[1]?.excluded.find((e) => e.item.file === 'src/routes.ts');
  assert.equal(own?.item.reason, 'direct');
  assert.equal(own?.kind, 'integrity');
});

test('a plan naming a chunk triage does not have fails closed', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p, ['chunk-001', 'chunk-009']);
  await assert.rejects(runRetrieval(p.ctx, true), /names chunk-009, which triage\.json does not have/);
});

test('the plan is deterministic: two runs give the same chunks', async (t) => {
  const p = project(t, FILES, CHUNKS);
  writePlan(p);
  const a = await runRetrieval(p.ctx, true);
  const b = await runRetrieval(p.ctx, true);
  assert.deepEqual(a.chunks, b.chunks);
});
