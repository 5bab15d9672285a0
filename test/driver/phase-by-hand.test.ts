// Done means of issue #12 item 2: every phase run by hand on the replayed model example writes what the same
// phase wrote inside `scan` (artifacts compared with their timestamps taken out).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { artifactPath, readArtifact } from '../../src/artifacts/store.ts';
import { PIPELINE } from '../../src/phases/registry.ts';
import { runScan } from '../../src/orchestrator/scan.ts';
import { DEMO_OPTIONS, installTranscripts, replayConfig } from '../funnel/demo.ts';
import { demoTarget, recordingLogger } from '../funnel/helpers.ts';
import { runCli } from '../helpers/cli.ts';

// Clock readings and measured durations: the only fields two runs of the same phase may differ in.
const TIMESTAMP_KEYS = new Set(['generatedAt', 'startedAt', 'finishedAt', 'updatedAt', 'fetchedAt', 'millis', 'durationMs']);

/** The artifact's JSON with every timestamp field removed (and the run id, when `withoutRunId`). */
function comparable(outDir: string, name: Parameters<typeof artifactPath>[1], withoutRunId = false): unknown {
  return JSON.parse(readFileSync(artifactPath(outDir, name), 'utf8'), (key, value) => (TIMESTAMP_KEYS.has(key) || (withoutRunId && key === 'runId') ? undefined : value));
}

test('every phase by hand on the replayed model demo writes what it wrote inside scan', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  const scan = await runScan({ target, options: DEMO_OPTIONS, log: recordingLogger() });
  assert.equal(scan.exitCode, 1);
  const phases = (await Promise.all(PIPELINE.filter((p) => p.load && !p.optIn).map(async (p) => p.load!()))).filter((p) => p.name !== 'triage');
  for (const phase of phases) {
    const fromScan = phase.writes.map((w) => comparable(outDir, w));
    const r = await runCli(['phase', phase.name, target, '--quiet']);
    assert.equal(r.code, 0, `${phase.name}: ${r.stderr}`);
    // The engine line names the models of the phase's declared roles only.
    const engine = phase.roles.length === 0 ? `deterministic \\(phase ${phase.name} asks no model role\\)` : `models: ${phase.roles.join(', ')} → replay/scripted-demo`;
    assert.match(r.stdout, new RegExp(`^${phase.name}: wrote .* \\(engine: ${engine}\\)$`, 'm'));
    assert.deepEqual(phase.writes.map((w) => comparable(outDir, w)), fromScan, `phase ${phase.name} by hand`);
  }
});

test('phase triage by hand starts a new run whose triage is the scan\'s, run id apart', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  await runScan({ target, options: DEMO_OPTIONS, log: recordingLogger() });
  const fromScan = comparable(outDir, 'triage', true);
  const runId = readArtifact(outDir, 'triage').run.runId;
  const r = await runCli(['phase', 'triage', target, '--json', '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { runId: string; engine: string };
  assert.notEqual(out.runId, runId);
  assert.equal(out.engine, 'deterministic (phase triage asks no model role)', 'triage asks no model role');
  assert.match(readArtifact(outDir, 'state').options.engine, /replay\/scripted-demo/, 'the new run records the models its later phases use');
  assert.deepEqual(comparable(outDir, 'triage', true), fromScan);
});

test('phase takes scan\'s cache flags, validated the same way', async (t) => {
  const target = demoTarget(t, replayConfig());
  const r = await runCli(['phase', 'triage', target, '--no-cache', '--cache-dir', join(target, 'c')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--no-cache and --cache-dir contradict/);
});

test('a state.json whose options have a wrong type is refused, naming the option, before the phase runs', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  await runScan({ target, options: DEMO_OPTIONS, log: recordingLogger() });
  const statePath = artifactPath(outDir, 'state');
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as { options: Record<string, unknown> };
  state.options.showSuspected = 'yes';
  writeFileSync(statePath, JSON.stringify(state));
  const before = readFileSync(artifactPath(outDir, 'skeptic'), 'utf8');
  const r = await runCli(['phase', 'skeptic', target, '--quiet']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /state\.json is not valid .*options\/showSuspected/);
  assert.equal(readFileSync(artifactPath(outDir, 'skeptic'), 'utf8'), before, 'the skeptic artifact is untouched');
});
