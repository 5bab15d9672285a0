// OSV records (single, arrays, folders) become npm advisories with semver ranges; installed versions match
// them or not; a malformed record is a usage error naming the file. The registry's bulk endpoint is asked on
// 127.0.0.1: a 405 (what mirrors answer) comes back as a reason, a good answer is cached with its date.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOsv, parseOsvRecord } from '../../../src/engines/deps/advisories/osv.ts';
import { matchVersion } from '../../../src/engines/deps/advisories/match.ts';
import { fetchRegistryAdvisories } from '../../../src/engines/deps/advisories/registry.ts';
import { vulnerableFunctions } from '../../../src/engines/deps/functions.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';

const OSV = fileURLToPath(new URL('./fixtures/osv/', import.meta.url));

test('a folder of OSV files (single records and arrays) loads every npm advisory; other ecosystems are dropped', () => {
  const advisories = loadOsv(OSV);
  assert.deepEqual(advisories.map((a) => a.id).sort(), ['GHSA-35jh-r3h4-6jhm', 'GHSA-p6mc-m468-83gw', 'GHSA-vh95-rmgr-6w4m', 'GHSA-w9mr-4mfr-499f', 'GHSA-xvch-5gv4-984h']);
  const template = advisories.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!;
  assert.deepEqual(template.affected.map((a) => a.name), ['lodash'], 'the RubyGems entry is not an npm package');
  assert.equal(template.severity, 'high');
  assert.deepEqual(template.cwe, ['CWE-77', 'CWE-94']);
  assert.deepEqual(template.aliases, ['CVE-2021-23337']);
});

test('a CVSS v3 vector in severity[] is scored from the vector (a 3.0 vector with the 3.1 formulas); a bad one or a bare number is left out', () => {
  const record = (severity: unknown) => ({ id: 'GHSA-test', severity, affected: [{ package: { ecosystem: 'npm', name: 'x' }, versions: ['1.0.0'] }] });
  assert.deepEqual(parseOsvRecord(record([{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }]), 'r').cvss, { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', baseScore: 9.8, source: 'severity[0] CVSS_V3' });
  const v30 = parseOsvRecord(record([{ type: 'CVSS_V2', score: 'AV:N/AC:L/Au:N/C:P/I:P/A:P' }, { type: 'CVSS_V3', score: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N' }]), 'r').cvss;
  assert.deepEqual(v30, { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', baseScore: 6.1, source: 'severity[1] CVSS_V3 (a 3.0 vector, scored with the 3.1 formulas)' });
  assert.equal(parseOsvRecord(record([{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L' }]), 'r').cvss, undefined);
  assert.equal(parseOsvRecord(record([{ type: 'CVSS_V3', score: 9.8 }]), 'r').cvss, undefined);
  assert.equal(parseOsvRecord(record(undefined), 'r').cvss, undefined);
});

test('versions match the OSV ranges: introduced/fixed intervals, last_affected inclusive, explicit versions', () => {
  const [minimist] = loadOsv(join(OSV, 'GHSA-xvch-5gv4-984h.json'));
  const affected = (v: string) => minimist!.affected.some((a) => matchVersion(v, a) === 'affected');
  assert.equal(affected('1.2.5'), true);
  assert.equal(affected('0.2.3'), true);
  assert.equal(affected('1.2.6'), false);
  assert.equal(affected('0.2.4'), false, '0.2.4 is the fix of the 0.x line');
  const last = parseOsvRecord({ id: 'X-1', affected: [{ package: { ecosystem: 'npm', name: 'p' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '2.0.0' }, { last_affected: '2.1.0' }] }], versions: ['1.0.0'] }] }, 'inline');
  assert.equal(matchVersion('2.1.0', last.affected[0]!), 'affected');
  assert.equal(matchVersion('2.1.1', last.affected[0]!), 'not-affected');
  assert.equal(matchVersion('1.0.0', last.affected[0]!), 'affected');
  assert.equal(matchVersion('github:user/p#abc', last.affected[0]!), 'unknown', 'a version semver cannot read is never "not affected"');
});

test('vulnerable functions come from the OSV record when it names them, else from the curated map', () => {
  const named = parseOsvRecord(
    { id: 'GHSA-test', affected: [{ package: { ecosystem: 'npm', name: 'pkg' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }], ecosystem_specific: { affected_functions: ['pkg.parse'] } }] },
    'inline',
  );
  assert.deepEqual(vulnerableFunctions(named, named.affected[0]!), { functions: ['parse'], source: 'advisory' });
  const [template] = loadOsv(join(OSV, 'GHSA-35jh-r3h4-6jhm.json'));
  assert.deepEqual(vulnerableFunctions(template!, template!.affected[0]!), { functions: ['template'], source: 'curated' });
  const unknown = parseOsvRecord({ id: 'GHSA-none', affected: [{ package: { ecosystem: 'npm', name: 'q' }, versions: ['1.0.0'] }] }, 'inline');
  assert.deepEqual(vulnerableFunctions(unknown, unknown.affected[0]!), { functions: [], source: 'none' });
});

test('a malformed OSV file is a usage error naming the file and the record', (t) => {
  const dir = tempDir(t);
  writeFiles(dir, { 'bad.json': '[{"id": "GHSA-ok", "affected": []}, {"id": "GHSA-x", "affected": [{"package": {"ecosystem": "npm", "name": "p"}, "ranges": [{"type": "SEMVER"}]}]}]', 'broken.json': '{ nope' });
  assert.throws(() => loadOsv(join(dir, 'bad.json')), (e: Error) => e instanceof UsageError && /bad\.json \[1\] is not an OSV record: .*ranges\[0\]\.events is missing/.test(e.message));
  assert.throws(() => loadOsv(join(dir, 'broken.json')), (e: Error) => e instanceof UsageError && /broken\.json is not valid JSON/.test(e.message));
  assert.throws(() => loadOsv(join(dir, 'missing.json')), /no such file or folder/);
});

async function fakeRegistry(t: import('node:test').TestContext, answer: (body: string) => { status: number; json?: unknown }) {
  const seen: { method?: string; url?: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      const a = answer(body);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.json === undefined ? '' : JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}

test('the registry answering 405 to the bulk advisory request is a failure with the reason, not an empty answer', async (t) => {
  const registry = await fakeRegistry(t, () => ({ status: 405, json: { error: 'Method Not Allowed' } }));
  const cache = tempDir(t);
  const result = await fetchRegistryAdvisories(registry.url, { lodash: ['4.17.15'] }, cache);
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.reason, /advisories\/bulk answered 405 .*does not offer the bulk advisory endpoint/);
  assert.equal(registry.seen[0]?.method, 'POST');
  assert.equal(registry.seen[0]?.url, '/-/npm/v1/security/advisories/bulk');
  assert.deepEqual(JSON.parse(registry.seen[0]!.body), { lodash: ['4.17.15'] });
  assert.equal(existsSync(cache) ? readdirSync(cache).length : 0, 0, 'a failed answer is not cached');
});

test('a good registry answer becomes advisories and is cached with its fetch date, then reused', async (t) => {
  const registry = await fakeRegistry(t, () => ({
    status: 200,
    json: { lodash: [{ id: 1106913, url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm', title: 'Command Injection in lodash', severity: 'high', vulnerable_versions: '<4.17.21', cwe: ['CWE-77', 'CWE-94'] }] },
  }));
  const cache = tempDir(t);
  const now = new Date('2026-12-03T10:00:00Z');
  const first = await fetchRegistryAdvisories(registry.url, { lodash: ['4.17.15'] }, cache, now);
  assert.ok(first.ok);
  assert.equal(first.cached, false);
  assert.equal(first.fetchedAt, now.toISOString());
  assert.equal(first.advisories[0]?.id, 'GHSA-35jh-r3h4-6jhm');
  assert.equal(matchVersion('4.17.15', first.advisories[0]!.affected[0]!), 'affected');
  const [file] = readdirSync(cache);
  assert.equal(JSON.parse(readFileSync(join(cache, file!), 'utf8')).fetchedAt, now.toISOString());
  const again = await fetchRegistryAdvisories(registry.url, { lodash: ['4.17.15'] }, cache, new Date('2026-12-03T12:00:00Z'));
  assert.ok(again.ok && again.cached);
  assert.equal(registry.seen.length, 1, 'the second ask was served from the cache');
});
