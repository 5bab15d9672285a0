// `scan --verify --repro` end to end on examples/repro-demo, replaying transcripts recorded from scripted stand-ins
// (not models), with the real bubblewrap sandbox: the tester's first test fails for the wrong reason and is refused,
// its second proves the bug, and the finding is promoted to T1 with a run script that goes red, then green.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { runScan } from '../../src/driver/scan.ts';
import { installTranscripts, replayConfig, writeConfig } from '../funnel/demo.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { copyReproDemo, REPRO_TRANSCRIPTS } from './demo.ts';

function replayTarget(t: Parameters<typeof tempDir>[0], config?: Record<string, unknown>): string {
  const dir = tempDir(t, 'bh-repro-e2e-');
  copyReproDemo(dir);
  if (config) writeConfig(dir, config);
  installTranscripts(join(dir, '.bug-hunter'), REPRO_TRANSCRIPTS);
  return dir;
}

test('scan --verify --repro refuses the wrong-reason test, promotes the second to T1, and its run script goes red then green', async (t) => {
  const target = replayTarget(t, replayConfig());
  const result = await runScan({ target, verify: true, repro: true, models: { trustRepoConfig: true } });
  assert.equal(result.exitCode, 1, 'a confirmed finding makes the scan exit 1');

  const verification = readArtifact(result.outDir, 'verification-report');
  assert.equal(verification.baseline.status, 'green', verification.baseline.reason);
  const { reproductions } = readArtifact(result.outDir, 'reproductions');
  assert.equal(reproductions.length, 1);
  const [repro] = reproductions;
  assert.equal(repro?.outcome, 'reproduced', repro?.reason);
  assert.equal(repro?.attempts, 2);
  assert.deepEqual(repro?.history?.map((h) => h.outcome), ['not-reproduced', 'reproduced']);
  assert.match(repro?.history?.[0]?.reason ?? '', /^not reproduced: wrong failure .*slug\.slugPaths is not a function/);

  const reported = result.report!.findings.find((f) => f.finding.id === repro!.findingId)!;
  assert.equal(reported.verdict, 'confirmed');
  assert.equal(reported.tier, 'T1');
  assert.equal(reported.finding.file, 'src/slug.js');
  assert.equal(reported.repro?.dir, `repro/${repro!.findingId}/`);
  assert.equal(reported.repro?.command, `sh .bug-hunter/repro/${repro!.findingId}/run.sh`);

  const dir = join(result.outDir, 'repro', repro!.findingId);
  for (const file of ['slug-path.repro.test.js', 'run.sh', 'failing-output.txt', 'README.md']) assert.ok(existsSync(join(dir, file)), file);
  assert.match(readFileSync(join(dir, 'slug-path.repro.test.js'), 'utf8'), /import \{ slugPath \} from '\.\.\/src\/slug\.js'/);
  assert.match(readFileSync(join(dir, 'failing-output.txt'), 'utf8'), /name: 'TypeError'[\s\S]*src\/slug\.js/);
  assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /TypeError containing "Cannot read properties of undefined \(reading 'toLowerCase'\)"/);

  // The promoted run script, on the host, from the repository root: red on the original code, green once fixed.
  // Without NODE_TEST_CONTEXT: a node --test started from inside a test run would report to this runner instead.
  const { NODE_TEST_CONTEXT: _inherited, ...env } = process.env;
  const run = () => execFileSync('sh', [`.bug-hunter/repro/${repro!.findingId}/run.sh`], { cwd: target, env, stdio: 'pipe', encoding: 'utf8' });
  assert.throws(run, (error: { status?: number; stdout?: string }) => error.status === 1 && /reading 'toLowerCase'/.test(error.stdout ?? ''));
  const source = join(target, 'src', 'slug.js');
  writeFileSync(source, readFileSync(source, 'utf8').replace('i <= parts.length', 'i < parts.length'));
  assert.match(run(), /# pass 1/);
});

test('the CLI: bug-hunter scan <copy> --verify --repro --provider replay exits 1 and prints the T1 finding', async (t) => {
  const target = replayTarget(t);
  const r = await runCli(['scan', target, '--verify', '--repro', '--provider', 'replay', '--json']);
  assert.equal(r.code, 1, r.stderr);
  const report = readArtifact(join(target, '.bug-hunter'), 'scan-report');
  assert.deepEqual(report.findings.map((f) => [f.finding.file, f.verdict, f.tier]), [['src/slug.js', 'confirmed', 'T1']]);
});

test('without a tester model the same scan is refused before any work (issue 45: --repro would reproduce nothing, silently)', async (t) => {
  const dir = tempDir(t, 'bh-repro-e2e-');
  copyReproDemo(dir);
  await assert.rejects(runScan({ target: dir, verify: true, repro: true }), (error: Error) => error.name === 'UsageError' && /--repro needs a model for the tester role/.test(error.message));
  assert.ok(!existsSync(join(dir, '.bug-hunter', 'triage.json')), 'nothing ran');
});

test('binding ONLY the tester role to a model leaves hunting and review to the static engine and still promotes to T1', async (t) => {
  const target = replayTarget(t, { providers: { replay: { type: 'replay' } }, roles: { tester: { provider: 'replay' } } });
  const result = await runScan({ target, verify: true, repro: true, models: { trustRepoConfig: true } });
  assert.equal(result.exitCode, 1);
  assert.deepEqual(result.report!.findings.map((f) => [f.finding.engine, f.refereeEngine, f.tier]), [['static', 'static', 'T1']]);
});
