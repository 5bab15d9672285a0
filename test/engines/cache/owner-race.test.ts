// Runs claiming caches at the same time (two scans, a scan beside watch) share one owners file: every claim must be
// recorded, or the lost one's cache is refused as "not created by a run of yours" on every later run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ownershipRefusal } from '../../../src/engines/cache/owner.ts';
import { assertFreshDist } from '../../helpers/dist.ts';

const PROCESSES = 4;
const CLAIMS = 15;

test(`${PROCESSES} processes each claiming ${CLAIMS} cache folders at once: every folder is recorded as ours`, async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'bh-owner-race-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const ownersFile = join(root, 'state', 'bug-hunter', 'cache-owners.json');
  const child = fileURLToPath(new URL('./fixtures/claim.mjs', import.meta.url));
  assertFreshDist();
  const bases = Array.from({ length: PROCESSES }, (_, n) => join(root, `target-${n}`));
  for (const base of bases) mkdirSync(base);
  await Promise.all(bases.map((base) => promisify(execFile)(process.execPath, [child, base, ownersFile, String(CLAIMS)])));
  const refused = bases.flatMap((base) => Array.from({ length: CLAIMS }, (_, i) => ownershipRefusal(join(base, `cache-${i}`), ownersFile)).filter((r) => r !== null));
  assert.deepEqual(refused, []);
});
