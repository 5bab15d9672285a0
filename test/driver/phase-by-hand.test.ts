// Done means of issue #12 item 2: every phase run by hand on the replayed model example writes what the same
// phase wrote inside `scan` (artifacts compared with their timestamps taken out); the opt-in phases (leads, deps,
// verify, repro, fix-plan, fixer) likewise after a scan that ran them, verify and repro in real bubblewrap.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { artifactPath, readArtifact } from '../../src/artifacts/store.ts';
import { PIPELINE } from '../../src/driver/registry.ts';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_MODEL, DEMO_OPTIONS, installTranscripts, replayConfig, writeConfig } from '../funnel/demo.ts';
import { demoTarget, recordingLogger } from '../funnel/helpers.ts';
import { runCli } from '../helpers/cli.ts';
import { git, gitRepo, tempDir } from '../helpers/temp.ts';
import { copyReproDemo, REPRO_TRANSCRIPTS } from '../repro-e2e/demo.ts';

// Clock readings and measured durations: the only fields two runs of the same phase may differ in.
const TIMESTAMP_KEYS = new Set(['generatedAt', 'startedAt', 'finishedAt', 'updatedAt', 'fetchedAt', 'millis', 'durationMs']);

/** The artifact's JSON with every timestamp field removed (and the run id, when `withoutRunId`). */
function comparable(outDir: string, name: Parameters<typeof artifactPath>[1], withoutRunId = false): unknown {
  return JSON.parse(readFileSync(artifactPath(outDir, name), 'utf8'), (key, value) => {
    if (TIMESTAMP_KEYS.has(key) || (withoutRunId && key === 'runId')) return undefined;
    // A sandboxed test run's captured output (verify's outputTail) carries node:test's own timings.
    return typeof value === 'string' ? value.replace(/duration_ms:? [\d.]+/g, 'duration_ms (time)') : value;
  });
}

test('every phase by hand on the replayed model demo writes what it wrote inside scan', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  const scan = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  assert.equal(scan.exitCode, 1);
  const phases = (await Promise.all(PIPELINE.filter((p) => !p.optIn).map(async (p) => p.load()))).filter((p) => p.name !== 'triage');
  for (const phase of phases) {
    const fromScan = phase.writes.map((w) => comparable(outDir, w));
    const r = await runCli(['phase', phase.name, target, '--quiet', '--trust-repo-config']);
    assert.equal(r.code, 0, `${phase.name}: ${r.stderr}`);
    // The engine line names the models of the phase's declared roles only.
    const engine = phase.roles.length === 0 ? `deterministic \\(phase ${phase.name} asks no model role\\)` : `models: ${phase.roles.join(', ')} → replay/scripted-demo`;
    assert.match(r.stdout, new RegExp(`^${phase.name}: wrote .* \\(engine: ${engine}\\)$`, 'm'));
    assert.deepEqual(phase.writes.map((w) => comparable(outDir, w)), fromScan, `phase ${phase.name} by hand`);
  }
});

/** Runs each named phase by hand after a scan and checks it wrote exactly what the scan wrote for it. */
async function byHandAsInScan(target: string, names: readonly string[]): Promise<void> {
  const outDir = join(target, '.bug-hunter');
  for (const name of names) {
    const phase = await PIPELINE.find((p) => p.name === name)!.load!();
    const fromScan = phase.writes.map((w) => comparable(outDir, w));
    const r = await runCli(['phase', name, target, '--quiet', '--trust-repo-config']);
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    assert.deepEqual(phase.writes.map((w) => comparable(outDir, w)), fromScan, `phase ${name} by hand`);
  }
}

const OSV = fileURLToPath(new URL('../engines/deps/fixtures/osv/', import.meta.url));
const LOCKFILES = fileURLToPath(new URL('../engines/deps/fixtures/lockfiles/npm3/', import.meta.url));

test('phase leads and phase deps by hand write what scan --leads --dep-scan wrote, from the run\'s own flags', async (t) => {
  const read = (p: string) => readFileSync(join(LOCKFILES, p), 'utf8');
  const target = gitRepo(t, {
    'package.json': read('package.json'),
    'package-lock.json': read('package-lock.json'),
    'packages/cli/package.json': read('packages/cli/package.json'),
    'packages/cli/index.js': "const path = require('node:path');\nmodule.exports = (file) => path.basename(file);\n",
    'src/render.js': "const _ = require('lodash');\n\nfunction render(text, data) {\n  const compiled = _.template(text);\n  return compiled(data);\n}\n\nmodule.exports = { render };\n",
    'src/calc.js': 'module.exports = (req) => eval(req.query.expr);\n',
  });
  const sarif = join(tempDir(t), 'lint.sarif');
  const result = { ruleId: 'no-eval', level: 'error', message: { text: 'eval can be harmful' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'src/calc.js' }, region: { startLine: 1 } } }] };
  writeFileSync(sarif, JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'lint', version: '1.0.0' } }, results: [result] }] }));
  const scan = await runCli(['scan', target, '--quiet', '--leads', sarif, '--dep-scan', '--advisories', OSV, '--allow-uncovered']);
  assert.ok(scan.code === 0 || scan.code === 1, scan.stderr);
  const outDir = join(target, '.bug-hunter');
  assert.equal(readArtifact(outDir, 'leads').leads.length, 1, 'the scan took the SARIF result as a lead');
  assert.ok(readArtifact(outDir, 'dep-findings').findings.length > 0, 'the scan found vulnerable dependencies');
  await byHandAsInScan(target, ['leads', 'deps']);
});

test('phase verify, repro, fix-plan and fixer by hand write what scan --verify --repro --fix wrote (real bubblewrap)', async (t) => {
  const target = tempDir(t, 'bh-by-hand-');
  copyReproDemo(target);
  git(target, 'init', '-q', '-b', 'main');
  git(target, 'add', '-A');
  git(target, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base');
  // No fixer transcripts were recorded for this example, so the fixer role is left to no model: the fixer then
  // skips every granted fix and says why. What it reads and writes by hand is still compared with the scan's; the
  // proven-fix path with a replayed model is test/engines/fix/demo.test.ts.
  writeConfig(target, { ...replayConfig(), roles: { default: { provider: 'replay', model: DEMO_MODEL }, fixer: { provider: 'static' } } });
  installTranscripts(join(target, '.bug-hunter'), REPRO_TRANSCRIPTS);
  const scan = await runCli(['scan', target, '--quiet', '--verify', '--repro', '--fix', '--trust-repo-config']);
  assert.equal(scan.code, 1, scan.stderr);
  const outDir = join(target, '.bug-hunter');
  assert.equal(readArtifact(outDir, 'reproductions').reproductions[0]?.outcome, 'reproduced', 'the scan reproduced the bug');
  assert.ok(readArtifact(outDir, 'fix-report').fixes.length > 0, 'the scan planned a fix');
  await byHandAsInScan(target, ['verify', 'repro', 'fix-plan', 'fixer']);
});

test('phase triage by hand starts a new run whose triage is the scan\'s, run id apart', async (t) => {
  const target = demoTarget(t, replayConfig());
  const outDir = join(target, '.bug-hunter');
  installTranscripts(outDir);
  await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  const fromScan = comparable(outDir, 'triage', true);
  const runId = readArtifact(outDir, 'triage').run.runId;
  const r = await runCli(['phase', 'triage', target, '--json', '--quiet', '--trust-repo-config']);
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
  await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  const statePath = artifactPath(outDir, 'state');
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as { options: Record<string, unknown> };
  state.options.showSuspected = 'yes';
  writeFileSync(statePath, JSON.stringify(state));
  const before = readFileSync(artifactPath(outDir, 'skeptic'), 'utf8');
  const r = await runCli(['phase', 'skeptic', target, '--quiet', '--trust-repo-config']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /state\.json is not valid .*options\/showSuspected/);
  assert.equal(readFileSync(artifactPath(outDir, 'skeptic'), 'utf8'), before, 'the skeptic artifact is untouched');
});
