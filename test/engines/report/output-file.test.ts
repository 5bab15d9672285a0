// The compiled CLI: `report --format <f> --output <file>` for every format, and `scan --format <f> --output <file>`.
// The file holds exactly what stdout would, the artifacts in .bug-hunter/ are left as they were, and misuse is exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';
import { REPORT_FORMATS } from '../../../src/commands/kit/formats.ts';

test('report --output writes every format to the file, exactly what stdout prints, and leaves .bug-hunter/ as it was', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  const dest = tempDir(t, 'bh-output-');
  const scan = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stderr);
  const artifacts = readdirSync(join(repo, '.bug-hunter')).sort();
  const sarifBefore = readFileSync(join(repo, '.bug-hunter', 'report.sarif'), 'utf8');
  for (const format of REPORT_FORMATS) {
    const printed = await spawnCli(['report', repo, '--format', format]);
    assert.equal(printed.code, 0, printed.stderr);
    const file = join(dest, 'sub', `out.${format}`);
    const written = await spawnCli(['report', repo, '--format', format, '--output', file]);
    assert.equal(written.code, 0, `${format}: ${written.stderr}`);
    assert.equal(written.stdout, '', `${format}: stdout stays empty with --output`);
    assert.match(written.stderr, new RegExp(`Wrote ${format} to `));
    assert.equal(readFileSync(file, 'utf8'), printed.stdout, `${format}: the file holds what stdout prints`);
    assert.ok(printed.stdout.length > 20, `${format} rendered something`);
  }
  // No temp file is left behind next to the outputs, and the run folder is unchanged.
  assert.deepEqual(readdirSync(join(dest, 'sub')).filter((n) => n.endsWith('.tmp')), []);
  assert.deepEqual(readdirSync(join(repo, '.bug-hunter')).sort(), artifacts);
  assert.equal(readFileSync(join(repo, '.bug-hunter', 'report.sarif'), 'utf8'), sarifBefore);

  const relative = await spawnCli(['report', repo, '--format', 'json', '--output', 'rel.json'], { cwd: dest });
  assert.equal(relative.code, 0, relative.stderr);
  assert.equal((JSON.parse(readFileSync(join(dest, 'rel.json'), 'utf8')) as { run: { runId: string } }).run.runId.length > 0, true);

  const noFormat = await spawnCli(['report', repo, '--output', join(dest, 'x')]);
  assert.equal(noFormat.code, 2);
  assert.match(noFormat.stderr, /--output writes a --format/);
  const blocked = await spawnCli(['report', repo, '--format', 'md', '--output', join(dest, 'rel.json', 'below.md')]);
  assert.equal(blocked.code, 2);
  assert.match(blocked.stderr, /--output .*cannot write/);
});

test('scan --format <f> --output <file> writes the format in the same command; the summary stays on stdout', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  const dest = tempDir(t, 'bh-output-');
  const file = join(dest, 'ci.sarif');
  const scan = await spawnCli(['scan', repo, '--quiet', '--format', 'sarif', '--output', file]);
  assert.equal(scan.code, 1, scan.stderr);
  const sarif = JSON.parse(readFileSync(file, 'utf8')) as { version: string; runs: { results: unknown[] }[] };
  assert.equal(sarif.version, '2.1.0');
  assert.equal(sarif.runs[0]!.results.length, 1);
  assert.match(scan.stdout, /confirmed|finding/i);
  const again = await spawnCli(['report', repo, '--format', 'sarif']);
  assert.equal(readFileSync(file, 'utf8'), again.stdout, 'scan --output and report --format agree');

  const md = await spawnCli(['scan', repo, '--quiet', '--format', 'md']);
  assert.equal(md.code, 1, md.stderr);
  assert.equal(md.stdout, (await spawnCli(['report', repo, '--format', 'md'])).stdout, 'without --output the format replaces the summary');

  const both = await spawnCli(['scan', repo, '--quiet', '--format', 'md', '--json']);
  assert.equal(both.code, 2);
  const noFormat = await spawnCli(['scan', repo, '--quiet', '--output', join(dest, 'y')]);
  assert.equal(noFormat.code, 2);
  assert.ok(!existsSync(join(dest, 'y')));
});
