// The artifact folder must be a real folder inside the target: a committed `.bug-hunter` symlink, or a
// symlinked work/ or transcripts/ under it, stops the run (exit 2) before anything is written through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { spawnCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { BUGGY_FILE, hostileRepo, planted } from './hostile.ts';

test('a committed .bug-hunter symlink is refused with exit 2 and nothing is written where it points', async (t) => {
  const elsewhere = tempDir(t, 'bh-elsewhere-');
  planted(`${elsewhere}/report.md`, 'precious\n');
  const repo = hostileRepo(t, { files: { 'src/run.js': BUGGY_FILE }, symlinks: { '.bug-hunter': elsewhere } });
  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 2, scan.stderr);
  assert.match(scan.stderr, /artifact folder .*\.bug-hunter is a symbolic link/);
  assert.deepEqual(readdirSync(elsewhere), ['report.md']);
  assert.equal(readFileSync(`${elsewhere}/report.md`, 'utf8'), 'precious\n');
});

for (const sub of ['work', 'transcripts']) {
  test(`a committed .bug-hunter/${sub} symlink is refused with exit 2, also with --out elsewhere`, async (t) => {
    const elsewhere = tempDir(t, 'bh-elsewhere-');
    const repo = hostileRepo(t, { files: { 'src/run.js': BUGGY_FILE, '.bug-hunter/keep': '' }, symlinks: { [`.bug-hunter/${sub}`]: elsewhere } });
    const scan = await spawnCli(['scan', repo, '--record']);
    assert.equal(scan.code, 2, scan.stderr);
    assert.match(scan.stderr, new RegExp(`\\.bug-hunter/${sub} in the artifact folder is a symbolic link`));
    const out = await spawnCli(['scan', repo, '--out', tempDir(t)]);
    assert.equal(out.code, 2, out.stderr);
    assert.deepEqual(readdirSync(elsewhere), []);
  });
}
