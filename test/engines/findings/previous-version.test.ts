// Memory files written by the version before the one finding identity (old static-engine fingerprints) still name
// the same findings: a dismissal keeps the finding dismissed, the ledger keeps when it was first seen, and the ledger
// the scan writes back is keyed on today's fingerprints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ledger, Suppressions } from '../../../src/artifacts/schemas/memory.ts';
import { readArtifact } from '../../../src/artifacts/store.ts';
import type { Logger } from '../../../src/foundations/logger.ts';
import { runScan } from '../../../src/driver/scan.ts';
import { tempDir } from '../../helpers/temp.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/previous-version/', import.meta.url));
const DEMO = fileURLToPath(new URL('../../../examples/demo-api/', import.meta.url));
const quiet: Logger = { info() {}, warn() {}, progress() {} };
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

test('a dismissal and ledger written under the previous fingerprints still match the same findings', async (t) => {
  const target = tempDir(t, 'bh-previous-');
  cpSync(DEMO, target, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
  mkdirSync(join(target, '.bug-hunter'), { recursive: true });
  cpSync(join(FIXTURES, 'suppressions.json'), join(target, '.bug-hunter', 'suppressions.json'));
  cpSync(join(FIXTURES, 'ledger.json'), join(target, '.bug-hunter', 'ledger.json'));
  const oldSuppression = readJson<Suppressions>(join(FIXTURES, 'suppressions.json')).entries[0]!;
  const oldLedger = readJson<Ledger>(join(FIXTURES, 'ledger.json'));

  const result = await runScan({ target, log: quiet });
  const report = readArtifact(result.outDir, 'scan-report');
  const admin = report.findings.find((f) => f.finding.file === 'src/routes/admin.js' && f.finding.startLine === 9);
  assert.ok(admin, 'the command injection at admin.js:9 is found');
  assert.notEqual(admin.finding.fingerprint, oldSuppression.fingerprint, 'the fingerprint itself changed');
  assert.deepEqual(admin.finding.formerFingerprints, [oldSuppression.fingerprint]);
  assert.equal(admin.suppressed?.reason, oldSuppression.reason);
  assert.equal(report.counts.suppressed, 1);

  // Every finding the old ledger knew keeps the run that first saw it.
  const oldFirstSeen = oldLedger.runs[0]!.runId;
  const confirmedBefore = oldLedger.entries.length;
  const stamped = report.findings.filter((f) => f.firstSeenRun === oldFirstSeen);
  assert.equal(stamped.length, confirmedBefore);

  const ledger = readJson<Ledger>(join(target, '.bug-hunter', 'ledger.json'));
  const oldKeys = new Set(oldLedger.entries.map((e) => e.fingerprint));
  assert.equal(ledger.entries.filter((e) => oldKeys.has(e.fingerprint)).length, 0, 'no entry is left under a former key');
  const adminEntry = ledger.entries.find((e) => e.fingerprint === admin.finding.fingerprint);
  assert.equal(adminEntry?.firstSeenRun, oldFirstSeen);
  assert.equal(adminEntry?.status, 'dismissed');
  assert.equal(ledger.entries.length, confirmedBefore, 'no finding was opened twice');
});
