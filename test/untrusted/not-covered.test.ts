// A source file the tool cannot read, or a symlink out of the repository, is reported as not covered and the
// scan exits 3 — never "clean". A report write that fails part-way leaves no report claiming success.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { writeReport } from '../../src/engines/report/files.ts';
import { spawnCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { BUGGY_FILE, hostileRepo, planted } from './hostile.ts';

test('a source file named with a backslash is reported as not covered: exit 3, report.md and report list say not clean', async (t) => {
  const repo = hostileRepo(t, { files: { 'src/a\\b.js': BUGGY_FILE, 'src/ok.js': 'export const ok = 1;\n' } });
  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 3, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /exit 3: .*1 in-scope file not read \(src\/a\\b\.js: not scanned, unreadable: file name contains a backslash\)/);
  const md = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(md, /Result: NOT CLEAN/);
  assert.match(md, /\| src\/a\\\\b\.js \| not-covered \| not scanned, unreadable: file name contains a backslash \|/);
  const coverage = readArtifact(join(repo, '.bug-hunter'), 'coverage');
  assert.equal(coverage.files.find((f) => f.path === 'src/a\\b.js')?.status, 'not-covered');
  const list = await spawnCli(['report', 'list', repo]);
  assert.match(list.stdout, /Not clean: 1 of 2 in-scope files not covered/);
});

test('a symlink out of the repository is not followed, is reported as not covered, and the scan exits 3', async (t) => {
  const outside = tempDir(t, 'bh-outside-');
  planted(join(outside, 'secret.js'), `${BUGGY_FILE}// OUTSIDE-SECRET-${process.pid}\n`);
  const repo = hostileRepo(t, { files: { 'src/ok.js': 'export const ok = 1;\n' }, symlinks: { 'src/link.js': join(outside, 'secret.js') } });
  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 3, scan.stdout + scan.stderr);
  assert.match(scan.stdout, /not scanned, symlink-escape: src\/link\.js is a link to .*secret\.js, outside the repository/);
  const md = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  assert.match(md, /Result: NOT CLEAN/);
  for (const name of readdirSync(join(repo, '.bug-hunter'))) {
    if (name.endsWith('.json') || name.endsWith('.md')) assert.ok(!readFileSync(join(repo, '.bug-hunter', name), 'utf8').includes('OUTSIDE-SECRET'), name);
  }
});

test('a report write that fails part-way leaves no report.md, report.sarif or scan-report.json behind', async (t) => {
  const repo = hostileRepo(t, { files: { 'src/ok.js': 'export const ok = 1;\n' } });
  const clean = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  const outDir = join(repo, '.bug-hunter');
  const report = readArtifact(outDir, 'scan-report');
  assert.equal(report.clean, true);
  // The next write fails validation after the views would have been written: nothing may claim success.
  assert.throws(() => writeReport(outDir, { ...report, status: 'bogus' as never }), /not valid/);
  for (const name of ['report.md', 'report.sarif', 'scan-report.json']) assert.equal(existsSync(join(outDir, name)), false, name);
  const shown = await spawnCli(['report', repo]);
  assert.equal(shown.code, 2);
  assert.match(shown.stderr, /No scan report/);
});
