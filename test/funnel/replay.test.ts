// The model path end to end from the committed transcripts of examples/model-demo (recorded from the scripted
// stand-in, not a model): every artifact valid, the three verdicts, and resume after a kill.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_OPTIONS, installTranscripts, replayConfig } from './demo.ts';
import { demoTarget, modelVerdicts, outcome, recordingLogger } from './helpers.ts';

const ARTIFACTS = ['triage', 'adaptive-plan', 'recon', 'retrieval-plan', 'hunter-findings', 'skeptic', 'referee', 'scan-report', 'coverage', 'state'] as const;

test('replaying the scripted stand-in transcripts gives valid artifacts and one confirmed, one dismissed, one manual-review', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  assert.ok(installTranscripts(outDir) > 0);
  const log = recordingLogger();
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log });

  for (const name of ARTIFACTS) readArtifact(outDir, name); // each read validates against its schema
  assert.deepEqual(modelVerdicts(outDir), { confirmed: 1, dismissed: 1, 'manual-review': 1 });
  const report = readArtifact(outDir, 'scan-report');
  const confirmed = report.findings.find((f) => f.verdict === 'confirmed')!;
  assert.equal(confirmed.finding.file, 'src/pagination.js');
  assert.equal(confirmed.finding.model, 'scripted/scripted-demo');
  assert.equal(report.findings.find((f) => f.verdict === 'dismissed')?.finding.file, 'src/settings.js');
  assert.equal(report.findings.find((f) => f.verdict === 'manual-review')?.finding.file, 'src/sessions.js');
  assert.ok(log.lines.some((l) => /^engine: models: .*replay\/scripted-demo/.test(l)), log.lines.join('\n'));
  assert.ok(report.engines.includes('model:scripted/scripted-demo'), report.engines.join(', '));
  assert.equal(result.exitCode, 1);
  assert.equal(readArtifact(outDir, 'state').status, 'completed');
});

test('a replay killed after the first hunter chunk resumes to the same report as an uninterrupted replay', async (t) => {
  const straightTarget = demoTarget(t, replayConfig());
  installTranscripts(join(straightTarget, '.bug-hunter'));
  const straight = await runScan({ target: straightTarget, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });

  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  const controller = new AbortController();
  const first = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, signal: controller.signal, log: recordingLogger({ controller, after: 1 }) });
  assert.equal(first.exitCode, 3);
  const state = readArtifact(outDir, 'state');
  assert.equal(state.status, 'interrupted');
  assert.equal(state.chunks.filter((c) => c.status === 'done').length, 1);

  const resumed = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, resume: true, log: recordingLogger() });
  assert.equal(resumed.exitCode, straight.exitCode);
  assert.deepEqual(outcome(outDir).report, outcome(straight.outDir).report);
  assert.deepEqual(outcome(outDir).verdicts, outcome(straight.outDir).verdicts);
  assert.equal(readArtifact(outDir, 'state').run.runId, state.run.runId);
});
