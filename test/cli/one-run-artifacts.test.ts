// Artifacts of one run, through the real CLI: a phase run by hand never joins two runs (it refuses and prints the
// phases to run, oldest first), coverage never says scanned for a file no hunter of the run read, and an artifact
// an older run left (a verification report) never breaks a later scan.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { artifactPath, readArtifact } from '../../src/artifacts/store.ts';
import { SUPERSEDED_DIR } from '../../src/driver/run-artifacts.ts';
import { runCli } from '../helpers/cli.ts';
import { git, gitRepo, writeFiles } from '../helpers/temp.ts';
import { LISTENING_ROUTE } from '../coverage/planted-route.ts';

const SHELL_ROUTE = LISTENING_ROUTE;

const SMALL_REPO = { 'a.js': 'const a = 1;\nmodule.exports = a;\n', 'b.js': 'module.exports = (x) => x + 1;\n' };

/** The `bug-hunter phase …` lines a refusal printed, as argv (the test's paths need no quoting). */
function printedCommands(stderr: string): string[][] {
  return stderr.split('\n').flatMap((line) => (/^ {2}bug-hunter phase /.test(line) ? [line.trim().split(' ').slice(1)] : []));
}

test('phase report after a new phase triage refuses with exit 3 and the phases to run; run in that order, coverage counts the new file', async (t) => {
  const repo = gitRepo(t, SMALL_REPO);
  const outDir = join(repo, '.bug-hunter');
  const scan = await runCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 0, scan.stderr);
  writeFiles(repo, { 'shell.js': SHELL_ROUTE });
  const triage = await runCli(['phase', 'triage', repo, '--quiet']);
  assert.equal(triage.code, 0, triage.stderr);
  assert.ok(readArtifact(outDir, 'triage').files.some((f) => f.path === 'shell.js'), 'the new triage lists shell.js');

  const report = await runCli(['phase', 'report', repo]);
  assert.equal(report.code, 3, report.stdout + report.stderr);
  assert.doesNotMatch(report.stderr, /coverage \d+\/\d+/, 'no report was made');
  const runId = readArtifact(outDir, 'state').run.runId;
  assert.match(report.stderr, new RegExp(`reads the artifacts of one run only, and phase plan has not run in this run \\(run ${runId}\\)`));
  const commands = printedCommands(report.stderr);
  const phases = ['plan', 'recon', 'threat', 'retrieval', 'hunter', 'skeptic', 'referee', 'report'];
  assert.deepEqual(commands, phases.map((p) => ['phase', p, repo]), report.stderr);
  const coverage = readArtifact(outDir, 'coverage');
  assert.notEqual(coverage.run.runId, runId, "the coverage left is the previous run's");
  assert.ok(!coverage.files.some((f) => f.path === 'shell.js' && f.status === 'scanned'), 'no report says shell.js was scanned');
  // `report` shows the previous run's report and says the newer run goes on by hand (it has no --resume).
  const shown = await runCli(['report', 'list', repo]);
  assert.match(shown.stderr, new RegExp(`a newer run ${runId} \\(started \\S+ by 'bug-hunter phase triage [^']+'\\) has no report yet\\. Run its phases by hand`));

  // The printed commands, in their order, make every input this run's; the report then counts what was read.
  for (const argv of commands) {
    const r = await runCli([...argv, '--quiet']);
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  const made = readArtifact(outDir, 'scan-report');
  assert.equal(made.run.runId, runId);
  assert.equal(made.clean, false, 'the exec of request input is found');
  const shell = readArtifact(outDir, 'coverage').files.find((f) => f.path === 'shell.js');
  assert.equal(shell?.status, 'scanned');
  assert.equal(readArtifact(outDir, 'state').files['shell.js']?.status, 'done', 'the hunter of this run read shell.js');
});

test('a phase by hand after a new commit refuses with the commands from phase triage on, with the same --out', async (t) => {
  const repo = gitRepo(t, SMALL_REPO);
  const out = join(repo, 'artifacts');
  assert.equal((await runCli(['scan', repo, '--out', out, '--quiet'])).code, 0);
  writeFiles(repo, { 'a.js': 'const a = 2;\nmodule.exports = a;\n' });
  git(repo, 'commit', '-qam', 'change');
  const before = readFileSync(artifactPath(out, 'skeptic'), 'utf8');
  const r = await runCli(['phase', 'skeptic', repo, '--out', out]);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /made for a different tree: base commit/);
  assert.deepEqual(
    printedCommands(r.stderr),
    ['triage', 'plan', 'recon', 'threat', 'retrieval', 'hunter', 'skeptic'].map((p) => ['phase', p, repo, '--out', out]),
  );
  assert.equal(readFileSync(artifactPath(out, 'skeptic'), 'utf8'), before, 'nothing was run');
});

test('a plain scan after scan --verify and a new commit is not broken by the old verification report (real bubblewrap)', async (t) => {
  const repo = gitRepo(t, SMALL_REPO);
  const outDir = join(repo, '.bug-hunter');
  const verified = await runCli(['scan', repo, '--verify', '--quiet']);
  // The small repository has no suite: a verification asked for that found nothing to run exits 3, naming why.
  assert.equal(verified.code, 3, verified.stderr);
  assert.match(verified.stdout, /exit 3: --verify was asked for but could not run: no check to run was found/);
  const oldRun = readArtifact(outDir, 'verification-report').run.runId;
  writeFiles(repo, { 'a.js': 'const a = 3;\nmodule.exports = a;\n' });
  git(repo, 'commit', '-qam', 'change');
  for (const attempt of [1, 2]) {
    const plain = await runCli(['scan', repo, '--quiet']);
    assert.equal(plain.code, 0, `scan ${attempt}: ${plain.stderr}`);
    assert.equal(existsSync(artifactPath(outDir, 'verification-report')), false, 'the old verification report is not left as this run\'s');
    const report = readArtifact(outDir, 'scan-report');
    assert.deepEqual(report.run, readArtifact(outDir, 'state').run, 'the report is the new run\'s');
  }
  // Moved aside, not lost (the second scan replaced the first scan's superseded files with its predecessor's).
  assert.equal(existsSync(join(outDir, SUPERSEDED_DIR, 'triage.json')), true);
  assert.notEqual(readArtifact(outDir, 'scan-report').run.runId, oldRun);
});
