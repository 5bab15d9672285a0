// A token budget too small for the run: calls stop once it is spent, what is left is unreviewed (never
// dropped), the run exits 3 and says why — against the scripted stand-in on the fake server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../src/artifacts/store.ts';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_OPTIONS, liveConfig } from './demo.ts';
import { demoTarget, recordingLogger, scriptedServer } from './helpers.ts';

test('a tiny per-run token budget stops model calls, leaves the rest unreviewed and exits 3 saying why', async (t) => {
  const server = await scriptedServer(t);
  // The threat-model refinement (the recon role, on by default with a model) comes first, about 3,150 tokens here;
  // one hunter call is about 1,700: room for the refinement and the first hunter call, not the second.
  const target = demoTarget(t, liveConfig(server.openaiURL, { budgets: { perRunTokens: 5_000 } }));
  const log = recordingLogger();
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log });

  assert.equal(server.requests.length, 2, 'the refinement and one hunter call; no call after the budget was spent');
  assert.match(JSON.stringify(server.requests[0]!.body), /# Threat model — refinement/, 'the first call is the threat-model refinement');
  assert.match(JSON.stringify(server.requests[1]!.body), /# Hunter — lens:/);
  assert.ok(readArtifact(result.outDir, 'threat-model').notes.some((n) => n.startsWith('Model refinement by ')), 'the refinement was made and noted');
  assert.equal(result.exitCode, 3);
  assert.ok(log.lines.some((l) => /token budget exhausted/.test(l)), log.lines.join('\n'));
  const hunter = readArtifact(result.outDir, 'hunter-findings');
  assert.ok(hunter.chunks.every((c) => c.status === 'unreviewed'));
  assert.match(hunter.chunks[0]!.error ?? '', /per-run budget .* is spent: no new model calls/);
  const report = readArtifact(result.outDir, 'scan-report');
  assert.equal(report.coverage.complete, false);
  assert.equal(report.clean, false);
  const coverage = readArtifact(result.outDir, 'coverage');
  assert.ok(JSON.stringify(coverage).includes('is spent: no new model calls'), 'coverage says why the files were not reviewed');
});
