// A folder that is not a git repository (an unpacked tarball, a zip) can ship its own .bug-hunter/cache/. Its
// entries must not decide a result: a forged "no findings" for a buggy file is ignored with a warning, and only a
// cache bug-hunter created itself (owner token recorded in the user's state folder) is read on the next scan.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sourceHash } from '../../scripts/build/build.mjs';
import { staticKey } from '../../src/engines/cache/static-analysis.ts';
import { STATIC_ENGINE_VERSION } from '../../src/engines/static/index.ts';
import { entryPath } from '../../src/engines/cache/store.ts';
import { readPackIndex } from '../../src/engines/cache/pack.ts';
import { OWNER_TOKEN_FILE } from '../../src/engines/cache/owner.ts';
import { spawnCli } from '../helpers/cli.ts';
import { tempDir, writeFiles } from '../helpers/temp.ts';
import { BUGGY_FILE } from './hostile.ts';

const FILE = { path: 'app.js', content: BUGGY_FILE, language: 'javascript', isTest: false };
// The key the compiled CLI looks up: its code version is dist/'s source hash (spawnCli checks dist/ is fresh).
const fileKey = (): string => staticKey(FILE, STATIC_ENGINE_VERSION, sourceHash());

/** A non-git folder holding the buggy file, and a state folder of its own so the CLI never writes the real home. */
function unpacked(t: TestContext): { dir: string; env: NodeJS.ProcessEnv; ownersFile: string } {
  const dir = tempDir(t, 'bh-unpacked-');
  writeFiles(dir, { [FILE.path]: FILE.content });
  const state = tempDir(t, 'bh-state-');
  return { dir, env: { XDG_STATE_HOME: state }, ownersFile: join(state, 'bug-hunter', 'cache-owners.json') };
}

test('a cache shipped inside a non-git target, with a forged "no findings" entry under the right key, is not read: the bug is reported and a warning says why', async (t) => {
  const { dir, env, ownersFile } = unpacked(t);
  const cache = join(dir, '.bug-hunter', 'cache');
  const key = fileKey();
  const forged = entryPath(cache, 'static', key);
  writeFiles(dir, {
    [forged.slice(dir.length + 1)]: `${JSON.stringify({ schemaVersion: 1, kind: 'static', key, value: { entries: [], suppressions: [] } })}\n`,
    // A token of the attacker's own: it is not the one recorded for this user, so it proves nothing.
    [join('.bug-hunter', 'cache', OWNER_TOKEN_FILE)]: `${'ab'.repeat(32)}\n`,
  });

  const scan = await spawnCli(['scan', dir, '--json'], { env });
  assert.equal(scan.code, 1, scan.stderr);
  const { report } = JSON.parse(scan.stdout) as { report: { findings: Array<{ finding: { file: string; category: string } }> } };
  assert.ok(report.findings.some((f) => f.finding.file === FILE.path && f.finding.category === 'injection'), scan.stdout);
  assert.match(scan.stderr, /evidence cache not used: .*\.bug-hunter\/cache is inside the scanned folder and its owner token is not the one recorded .*entries are ignored and it is left as it is.*This run is uncached/s);
  // Left as it was: nothing deleted, nothing written into it, and it was not adopted.
  assert.ok(existsSync(forged));
  assert.equal(readFileSync(join(cache, OWNER_TOKEN_FILE), 'utf8'), `${'ab'.repeat(32)}\n`);
  assert.equal(existsSync(ownersFile), false);
});

test('a cache bug-hunter created itself in a non-git target is recorded as the user\'s and answers the second scan', async (t) => {
  const { dir, env, ownersFile } = unpacked(t);
  const first = await spawnCli(['scan', dir, '--json'], { env });
  assert.equal(first.code, 1, first.stderr);
  assert.doesNotMatch(first.stderr, /evidence cache not used/);
  const cache = join(dir, '.bug-hunter', 'cache');
  // The forged entry above sat where the scan itself keeps this file's analysis: the key is the real one.
  // A scan packs its entries (src/engines/cache/pack.ts).
  assert.ok(readPackIndex(cache, 'static', () => undefined).lines.has(fileKey()));
  const token = readFileSync(join(cache, OWNER_TOKEN_FILE), 'utf8').trim();
  assert.match(token, /^[0-9a-f]{64}$/);
  const owners = JSON.parse(readFileSync(ownersFile, 'utf8')) as { owners: Record<string, string> };
  assert.deepEqual(Object.values(owners.owners), [token]);
  assert.equal(statSync(ownersFile).mode & 0o777, 0o600);

  const second = await spawnCli(['scan', dir, '--json'], { env });
  assert.equal(second.code, 1, second.stderr);
  assert.doesNotMatch(second.stderr, /evidence cache not used/);
  assert.deepEqual(JSON.parse(second.stdout).report.findings, JSON.parse(first.stdout).report.findings);
  const stats = await spawnCli(['cache', 'stats', dir, '--json'], { env });
  assert.equal(stats.code, 0, stats.stderr);
  const { kinds } = JSON.parse(stats.stdout) as { kinds: { static: { lastRun: { hits: number; misses: number } } } };
  assert.deepEqual({ hits: kinds.static.lastRun.hits, misses: kinds.static.lastRun.misses }, { hits: 1, misses: 0 });
});
