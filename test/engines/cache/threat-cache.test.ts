import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readArtifact, writeArtifact } from '../../../src/artifacts/store.ts';
import { cachedThreatFacts, threatFactsKey } from '../../../src/engines/cache/threat-file.ts';
import { threatModelKey } from '../../../src/engines/cache/threat-model.ts';
import { entryPath, openCacheDir, type EvidenceCache } from '../../../src/engines/cache/store.ts';
import { runRecon } from '../../../src/phases/recon/index.ts';
import { THREAT_FACTS_VERSION, threatFacts } from '../../../src/engines/attack-surface/threat-facts.ts';
import { runThreat } from '../../../src/phases/threat/index.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';
import { project, type Project } from '../../phases/recon/triage-fixture.ts';
import { readFiles, tempDir } from '../../helpers/temp.ts';

const DEMO = fileURLToPath(new URL('../../../examples/demo-api/', import.meta.url));
const AUTH = 'src/lib/auth.js';

function recording(dir: string): EvidenceCache & { warnings: string[] } {
  const warnings: string[] = [];
  return Object.assign(openCacheDir(dir, { warn: (m: string) => warnings.push(m) }), { warnings });
}

/** The threat model without what differs between any two runs (the time it was made). */
async function threatWith(p: Project, cache: EvidenceCache | undefined): Promise<unknown> {
  p.ctx.cache = cache;
  const { generatedAt: _at, ...model } = await runThreat(p.ctx);
  return model;
}

test('threat facts come from the cache for unchanged files and give the same threat model as no cache at all', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  const cacheDir = tempDir(t);
  const uncached = await threatWith(p, undefined);

  const first = recording(cacheDir);
  assert.deepEqual(await threatWith(p, first), uncached);
  const covered = p.triage.files.filter((f) => !f.isTest).length;
  assert.ok(covered >= 7, 'the demo has its source files');
  assert.deepEqual(first.counters().threat, { hits: 0, misses: covered, corrupt: 0, writes: covered });
  assert.deepEqual(first.counters()['threat-model'], { hits: 0, misses: 1, corrupt: 0, writes: 1 });

  // The same files and recon: the whole model is one lookup, and no per-file facts are looked up.
  const second = recording(cacheDir);
  assert.deepEqual(await threatWith(p, second), uncached);
  assert.deepEqual(second.counters()['threat-model'], { hits: 1, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(second.counters().threat, { hits: 0, misses: 0, corrupt: 0, writes: 0 });
  assert.deepEqual(second.warnings, []);

  // Without the whole model, every file's facts come from the cache.
  rmSync(join(cacheDir, 'threat-model'), { recursive: true });
  const third = recording(cacheDir);
  assert.deepEqual(await threatWith(p, third), uncached);
  assert.deepEqual(third.counters().threat, { hits: covered, misses: 0, corrupt: 0, writes: 0 });
});

test('the whole model is that of the content triage read: a file recon found an entry point in is not read again for it', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  const cacheDir = tempDir(t);
  const expected = await threatWith(p, recording(cacheDir));
  const entryFile = readArtifact(p.ctx.outDir, 'recon').entryPoints[0]!.file;
  // Gone since triage recorded it: without the whole model the phase reads it and notes that it cannot.
  rmSync(join(p.root, entryFile));
  assert.deepEqual(await threatWith(p, recording(cacheDir)), expected);
  const model = (await threatWith(p, undefined)) as Awaited<ReturnType<typeof runThreat>>;
  assert.ok(model.notes.some((n) => n.startsWith(`${entryFile} was not read`)), model.notes.join('\n'));
});

test('the whole-model key holds every file path and recorded hash, the body of recon.json (not its header) and the extractor version', async (t) => {
  const p = project(t, readFiles(DEMO));
  const recon = await runRecon(p.ctx);
  const files = [{ path: AUTH, sha256: sha256('a') }, { path: 'src/app.js', sha256: sha256('b') }];
  const key = threatModelKey(files, recon);
  assert.equal(threatModelKey(files.map((f) => ({ ...f })), { ...recon, generatedAt: '2000-01-01T00:00:00.000Z', run: { ...recon.run, runId: 'other' } }), key);
  assert.notEqual(threatModelKey([files[0]!, { ...files[1]!, sha256: sha256('c') }], recon), key);
  assert.notEqual(threatModelKey(files.slice(0, 1), recon), key);
  assert.notEqual(threatModelKey(files, { ...recon, entryPoints: [] }), key);
  assert.notEqual(threatModelKey(files, recon, THREAT_FACTS_VERSION + 1), key);
});

test('changed content is a miss for that file alone; the model follows the new content', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  const cacheDir = tempDir(t);
  await threatWith(p, recording(cacheDir));

  // Make the planted literal signing key come from the environment; triage records the new hash.
  const path = join(p.root, AUTH);
  const edited = readFileSync(path, 'utf8').replace('}, SIGNING_KEY, {', '}, process.env.JWT_SECRET, {');
  assert.notEqual(edited, readFileSync(path, 'utf8'), 'the fixture signs with a literal key');
  writeFileSync(path, edited);
  const triage = readArtifact(p.ctx.outDir, 'triage');
  const file = triage.files.find((f) => f.path === AUTH)!;
  file.sha256 = sha256(edited);
  writeArtifact(p.ctx.outDir, 'triage', triage);
  await runRecon(p.ctx);

  const cache = recording(cacheDir);
  const model = (await threatWith(p, cache)) as Awaited<ReturnType<typeof runThreat>>;
  assert.equal(cache.counters().threat.misses, 1);
  assert.equal(cache.counters().threat.writes, 1);
  const signing = model.flows.find((f) => f.at.file === AUTH && f.at.line === 7)!;
  assert.equal(signing.threats[0]!.mitigation.status, 'seen', 'the cached facts of the old content were not used');
  assert.deepEqual(model, await threatWith(p, undefined));
});

test('the key holds the content hash, the path and the extractor version', () => {
  const file = { path: AUTH, sha256: sha256('a') };
  const key = threatFactsKey(file);
  assert.equal(threatFactsKey({ ...file }), key);
  assert.notEqual(threatFactsKey({ ...file, sha256: sha256('b') }), key);
  assert.notEqual(threatFactsKey({ ...file, path: 'src/lib/other.js' }), key);
  assert.notEqual(threatFactsKey(file, THREAT_FACTS_VERSION + 1), key);
});

test('an entry stored by another extractor version is not found by this one', (t) => {
  const dir = tempDir(t);
  const content = "const jwt = require('jsonwebtoken');\njwt.sign(user, 'hunter2');\n";
  const file = { path: AUTH, sha256: sha256(content) };
  const cache = openCacheDir(dir, { warn: () => undefined });
  cache.put('threat', threatFactsKey(file, THREAT_FACTS_VERSION - 1), threatFacts(AUTH, content));
  assert.equal(cachedThreatFacts(cache, file), undefined);
  cache.put('threat', threatFactsKey(file), threatFacts(AUTH, content));
  assert.deepEqual(cachedThreatFacts(cache, file), threatFacts(AUTH, content));
  assert.deepEqual(cache.counters().threat, { hits: 1, misses: 1, corrupt: 0, writes: 2 });
});

test('a corrupt or mismatched entry is a miss with a warning, recomputed and overwritten; the model is unchanged', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  const cacheDir = tempDir(t);
  const expected = await threatWith(p, recording(cacheDir));
  const auth = p.triage.files.find((f) => f.path === AUTH)!;
  const path = entryPath(cacheDir, 'threat', threatFactsKey(auth));
  // The per-file entries answer only without the whole model.
  const withoutWholeModel = () => rmSync(join(cacheDir, 'threat-model'), { recursive: true, force: true });

  withoutWholeModel();
  appendFileSync(path, 'not json');
  const broken = recording(cacheDir);
  assert.deepEqual(await threatWith(p, broken), expected);
  assert.equal(broken.counters().threat.corrupt, 1);
  assert.equal(broken.counters().threat.writes, 1);
  assert.ok(broken.warnings.some((w) => w.includes(path) && /not JSON/.test(w)), broken.warnings.join('\n'));

  // A valid entry whose facts point into another file: a damaged or planted entry, not an answer.
  const entry = JSON.parse(readFileSync(path, 'utf8'));
  assert.ok(entry.value.tokenUses.length > 0, 'the auth helper signs tokens');
  entry.value.tokenUses[0].at.file = 'src/app.js';
  writeFileSync(path, JSON.stringify(entry));
  withoutWholeModel();
  const planted = recording(cacheDir);
  assert.deepEqual(await threatWith(p, planted), expected);
  assert.equal(planted.counters().threat.writes, 1);
});

test('a whole-model entry that says a model refined it, or cites a file outside the set, is not used: the model is built again', async (t) => {
  const p = project(t, readFiles(DEMO));
  await runRecon(p.ctx);
  const cacheDir = tempDir(t);
  const expected = await threatWith(p, recording(cacheDir));
  const [name] = readdirSync(join(cacheDir, 'threat-model')).flatMap((d) => readdirSync(join(cacheDir, 'threat-model', d)).map((f) => join(d, f)));
  const path = join(cacheDir, 'threat-model', name!);
  const stored = readFileSync(path, 'utf8');
  const plant = (change: (value: Record<string, unknown> & { flows: Array<{ at: { file: string } }> }) => void) => {
    const entry = JSON.parse(stored);
    change(entry.value);
    writeFileSync(path, JSON.stringify(entry));
  };
  const planted = [
    (v: Record<string, unknown>) => (v.source = 'model-refined'),
    (v: { flows: Array<Record<string, unknown>> }) => (v.flows[0]!.addedBy = 'fake/model'),
    (v: { flows: Array<{ at: { file: string } }> }) => (v.flows[0]!.at.file = 'src/not-scanned.js'),
  ];
  for (const change of planted) {
    plant(change as never);
    const cache = recording(cacheDir);
    assert.deepEqual(await threatWith(p, cache), expected);
    assert.deepEqual(cache.counters()['threat-model'], { hits: 0, misses: 1, corrupt: 1, writes: 1 });
    assert.ok(cache.warnings.some((w) => w.includes(path) && /says a model refined it|cites a file outside/.test(w)), cache.warnings.join('\n'));
  }
});
