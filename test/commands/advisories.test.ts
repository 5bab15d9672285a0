// `bug-hunter advisories update` against a stand-in for OSV's bucket on 127.0.0.1 serving a real zip (built with
// fflate) of one OSV record per file, as OSV publishes npm/all.zip: a good archive fills the cache and
// `scan --dep-scan` then reads it without --advisories, saying where the data came from and how old it is; a 404,
// a 500, a corrupt archive and an archive of non-OSV JSON each fail naming the URL and leave the previous copy
// byte for byte. --advisories <folder> still wins over the cache, offline.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { readArtifact } from '../../src/artifacts/store.ts';
import { exportCacheFile } from '../../src/engines/deps/advisories/export-cache.ts';
import { updateExportCopy } from '../../src/engines/deps/advisories/export-update.ts';
import { spawnCli, runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { npm3Project } from '../helpers/dep-project.ts';

const OSV = fileURLToPath(new URL('../engines/deps/fixtures/osv/', import.meta.url));

/** The OSV fixture records, one per zip entry as OSV lays the export out (<id>.json), plus a PyPI record. */
function osvArchive(): Uint8Array {
  const records: unknown[] = [];
  for (const name of ['GHSA-35jh-r3h4-6jhm.json', 'GHSA-xvch-5gv4-984h.json', 'more/older.json']) {
    const value: unknown = JSON.parse(readFileSync(join(OSV, name), 'utf8'));
    records.push(...(Array.isArray(value) ? value : [value]));
  }
  records.push({ id: 'PYSEC-2099-1', modified: '2024-01-01T00:00:00Z', affected: [{ package: { ecosystem: 'PyPI', name: 'flask' }, versions: ['2.0.0'] }] });
  const entries = Object.fromEntries(records.map((r) => [`${(r as { id: string }).id}.json`, strToU8(JSON.stringify(r))]));
  return zipSync(entries);
}

interface StandIn {
  base: string;
  asked: string[];
}

async function bucket(t: TestContext): Promise<StandIn> {
  const good = osvArchive();
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const send = (status: number, body: Uint8Array | string) => {
      res.writeHead(status, { 'content-type': 'application/zip' });
      res.end(body);
    };
    if (req.url === '/npm/all.zip') return send(200, good);
    if (req.url === '/gone/all.zip') return send(404, 'No such object');
    if (req.url === '/broken/all.zip') return send(500, 'backend error');
    // A truncated archive: its first half, the central directory missing.
    if (req.url === '/corrupt/all.zip') return send(200, good.subarray(0, Math.floor(good.length / 2)));
    if (req.url === '/not-osv/all.zip') return send(200, zipSync({ 'GHSA-x.json': strToU8(JSON.stringify({ id: 'GHSA-x', note: 'no affected list' })) }));
    return send(404, 'not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}


test('advisories update: a good archive fills the cache; 404, 500, a corrupt archive and non-OSV records change nothing and name the URL', async (t) => {
  const { base, asked } = await bucket(t);
  const cache = join(tempDir(t), 'advisories', 'npm');
  const env = { BUG_HUNTER_ADVISORIES_DIR: cache };
  const ok = await spawnCli(['advisories', 'update', '--url', `${base}/npm/all.zip`], { env });
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, new RegExp(`^Advisories updated: 5 npm advisories from 6 OSV records \\(${base}/npm/all\\.zip, fetched \\d{4}-\\d\\d-\\d\\dT[^)]+\\) in ${exportCacheFile(cache)}\\.\\n$`));
  const saved = readFileSync(exportCacheFile(cache));
  const copy = JSON.parse(saved.toString()) as { url: string; records: number; advisories: { id: string }[] };
  assert.equal(copy.url, `${base}/npm/all.zip`);
  assert.deepEqual(copy.advisories.map((a) => a.id).sort(), ['GHSA-35jh-r3h4-6jhm', 'GHSA-p6mc-m468-83gw', 'GHSA-vh95-rmgr-6w4m', 'GHSA-w9mr-4mfr-499f', 'GHSA-xvch-5gv4-984h']);

  const failures: [string, RegExp][] = [
    ['gone', /gone\/all\.zip answered 404 Not Found; nothing was changed/],
    ['broken', /broken\/all\.zip answered 500 Internal Server Error; nothing was changed/],
    ['corrupt', /corrupt\/all\.zip is not an OSV export: .*; nothing was changed/],
    ['not-osv', /not-osv\/all\.zip is not an OSV export: GHSA-x\.json is not an OSV record: "affected" is missing in GHSA-x; nothing was changed/],
  ];
  for (const [path, reason] of failures) {
    const r = await spawnCli(['advisories', 'update', '--url', `${base}/${path}/all.zip`], { env });
    assert.equal(r.code, 3, `${path}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`${base.replace(/\./g, '\\.')}/${reason.source}`), path);
    assert.deepEqual(readFileSync(exportCacheFile(cache)), saved, `${path}: the previous copy is untouched`);
    assert.deepEqual(readdirSync(cache), ['advisories.json'], `${path}: no temp file is left behind`);
  }
  // The URL can come from the environment instead of --url.
  const fromEnv = await spawnCli(['advisories', 'update'], { env: { ...env, BUG_HUNTER_ADVISORIES_URL: `${base}/gone/all.zip` } });
  assert.equal(fromEnv.code, 3);
  assert.deepEqual(asked, ['/npm/all.zip', '/gone/all.zip', '/broken/all.zip', '/corrupt/all.zip', '/not-osv/all.zip', '/gone/all.zip']);
  const bad = await runCli(['advisories', 'update', '--url', 'ftp://example.invalid/all.zip']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--url must be an http\(s\) URL/);
});

test('after an update, scan --dep-scan reads the copy by default and every report says where it came from and how old it is', async (t) => {
  const { base } = await bucket(t);
  const cache = join(tempDir(t), 'npm');
  const url = `${base}/npm/all.zip`;
  // Fetched three days and a bit before the scan.
  await updateExportCopy(url, cache, () => new Date(Date.now() - (3 * 24 + 2) * 3_600_000));
  const dir = npm3Project(t);
  const env = { BUG_HUNTER_ADVISORIES_DIR: cache };
  const r = await spawnCli(['scan', dir, '--quiet', '--dep-scan'], { env });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const deps = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  assert.equal(deps.advisories.source, 'osv-export');
  assert.equal(deps.advisories.url, url);
  assert.equal(deps.advisories.count, 5);
  assert.equal(deps.findings.find((f) => f.advisory.id === 'GHSA-35jh-r3h4-6jhm')?.reachability, 'reachable');
  const report = readArtifact(join(dir, '.bug-hunter'), 'scan-report');
  assert.equal(report.dependencies?.advisories.source, 'osv-export');
  assert.equal(report.dependencies?.advisories.fetchedAt, deps.advisories.fetchedAt);
  const said = new RegExp(`advisories: OSV's npm export from ${url.replace(/\./g, '\\.')} \\(fetched ${deps.advisories.fetchedAt!.replace(/\./g, '\\.')}, 3 days old; refresh with \`bug-hunter advisories update\`\\), 5 advisories`);
  assert.match(r.stdout, said, 'the terminal summary');
  const md = readFileSync(join(dir, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(md, new RegExp(`\\| Vulnerable dependencies \\| .*${said.source}`), 'the summary table');
  assert.match(md.slice(md.indexOf('## Vulnerable dependencies')), new RegExp(`^Advisories: OSV's npm export from .* 3 days old`, 'm'));

  // --advisories <folder> keeps working offline and wins over the cached copy.
  const given = await spawnCli(['scan', dir, '--quiet', '--dep-scan', '--advisories', join(OSV, 'GHSA-xvch-5gv4-984h.json')], { env });
  assert.equal(given.code, 0, given.stdout + given.stderr);
  const fromFile = readArtifact(join(dir, '.bug-hunter'), 'dep-findings');
  assert.equal(fromFile.advisories.source, 'osv');
  assert.equal(fromFile.advisories.count, 1);
  assert.match(given.stdout, /advisories: OSV files .*GHSA-xvch-5gv4-984h\.json \(given with --advisories; how old they are is not known to bug-hunter\), 1 advisory/);

  // Without a copy: unreviewed, and the reason says how to get one.
  const none = await spawnCli(['scan', dir, '--quiet', '--dep-scan'], { env: { BUG_HUNTER_ADVISORIES_DIR: join(tempDir(t), 'empty') } });
  assert.equal(none.code, 3, none.stdout);
  assert.match(none.stdout, /advisories not checked: no advisory source was given and no downloaded copy is in .*: run `bug-hunter advisories update`/);
});

test('advisories is in --help, has its own --help naming --url and the environment, and is in docs/cli.md', async () => {
  const all = await runCli(['--help']);
  assert.match(all.stdout, /advisories +download OSV's npm advisories into the user's cache/);
  const own = await runCli(['advisories', '--help']);
  assert.equal(own.code, 0);
  assert.match(own.stdout, /Usage: bug-hunter advisories update \[--url url\] \[--json\]/);
  assert.match(own.stdout.replace(/\s+/g, ' '), /--url <url> the archive to download \(default \$BUG_HUNTER_ADVISORIES_URL, else https:\/\/osv-vulnerabilities\.storage\.googleapis\.com\/npm\/all\.zip\)/);
  const scan = await runCli(['scan', '--help']);
  assert.match(scan.stdout.replace(/\s+/g, ' '), /default: the copy of OSV's npm advisories `bug-hunter advisories update` downloaded/);
  const doc = readFileSync(fileURLToPath(new URL('../../docs/cli.md', import.meta.url)), 'utf8');
  assert.match(doc, /bug-hunter advisories update \[--url url\] \[--json\]/);
  const missing = await runCli(['advisories']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /Name an action: bug-hunter advisories update/);
});
