// A phase run by hand uses the run's models: on the replayed model demo, `phase hunter` gives the scan's own
// findings, and a phase that would resolve other models is refused rather than overwriting the run's findings.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readArtifact } from '../../src/artifacts/store.ts';
import { enginesAgree } from '../../src/engines/models/engines-agree.ts';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_OPTIONS, installTranscripts, replayConfig } from '../funnel/demo.ts';
import { demoTarget, recordingLogger } from '../funnel/helpers.ts';
import { runCli } from '../helpers/cli.ts';

async function scannedDemo(t: Parameters<typeof demoTarget>[0]): Promise<{ target: string; outDir: string }> {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  assert.equal(result.exitCode, 1);
  return { target, outDir };
}

test('phase hunter by hand on a replayed model run writes the scan\'s own findings, model ones included', async (t) => {
  const { target, outDir } = await scannedDemo(t);
  const fromScan = readArtifact(outDir, 'hunter-findings');
  assert.ok(fromScan.findings.some((f) => f.engine === 'model'), 'the scan found something with the model');

  const r = await runCli(['phase', 'hunter', target, '--quiet', '--trust-repo-config']);
  assert.equal(r.code, 0, r.stderr);
  const byHand = readArtifact(outDir, 'hunter-findings');
  assert.deepEqual(byHand.findings, fromScan.findings);
  assert.equal(byHand.run.runId, fromScan.run.runId);
});

test('a phase that would run with other models than the run was made with is refused, and the findings stay', async (t) => {
  const { target, outDir } = await scannedDemo(t);
  const before = readFileSync(join(outDir, 'hunter-findings.json'), 'utf8');
  rmSync(join(outDir, 'config.json')); // now nothing binds a role to a model: the static engine

  const r = await runCli(['phase', 'hunter', target, '--quiet']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /would run with static engine .* was made with models: .*→ replay\/scripted-demo/s);
  assert.match(r.stderr, /started by: bug-hunter scan/);
  assert.equal(readFileSync(join(outDir, 'hunter-findings.json'), 'utf8'), before);
});

test('any static engine continues a static run; models continue only the same models', () => {
  assert.ok(enginesAgree('static engine (no model configured)', { engine: 'static engine (config.json binds no role to a model)', usesModels: false }));
  assert.ok(!enginesAgree('models: hunter → replay/x', { engine: 'static engine (no model configured)', usesModels: false }));
  assert.ok(!enginesAgree('static engine (no model configured)', { engine: 'models: hunter → replay/x', usesModels: true }));
  assert.ok(enginesAgree('models: hunter → replay/x', { engine: 'models: hunter → replay/x', usesModels: true }));
});
