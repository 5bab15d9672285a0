// In GitHub Actions ($GITHUB_STEP_SUMMARY set), scan and merge append a Markdown job summary: the verdict line,
// counts, top findings and hints that carry --out. Through the real CLI; hostile file names stay escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';

const HOSTILE_NAME = 'src/<img src=x onerror=alert(1)>*bold*[x](javascript:alert) @team.js';

function hostileProject(): Record<string, string> {
  const files = buggyProject(1);
  files[HOSTILE_NAME] = files['src/handler0.js']!.replace('handler0', 'handlerX');
  return files;
}

test('scan appends a job summary to GITHUB_STEP_SUMMARY: verdict, counts, top findings, --out in the hints; hostile names escaped', async (t) => {
  const repo = gitRepo(t, hostileProject());
  const dir = tempDir(t, 'bh-summary-');
  const summaryFile = join(dir, 'step-summary.md');
  writeFileSync(summaryFile, '## earlier step\n');
  const out = join(dir, 'run out');
  const scan = await spawnCli(['scan', repo, '--quiet', '--out', out], { env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(scan.code, 1, scan.stderr);
  const text = readFileSync(summaryFile, 'utf8');
  assert.ok(text.startsWith('## earlier step\n\n### bug-hunter scan: '), 'appended after a blank line, not overwritten');
  assert.match(text, /### bug-hunter scan: Not clean: 2 confirmed findings/);
  assert.match(text, /\| 2 \| 2 \| 0 \| 0 \| 2\/2 \|/);
  // The rule says critical; the finding's CVSS band (its one severity) says high.
  assert.match(text, /- \*\*high\*\* `src\/handler0\.js:5-8`/);
  assert.ok(text.includes(`\`bug-hunter report list --out '${out}'\``), text);
  assert.ok(text.includes(`\`bug-hunter report show <id> --out '${out}'\``));
  // The hostile name appears only inside a code span, never as live HTML, emphasis or a link.
  const line = text.split('\n').find((l) => l.includes('onerror'))!;
  assert.ok(line.includes('`src/<img src=x onerror=alert(1)>*bold*[x](javascript:alert) @team.js:5-8`'), line);
  assert.equal(text.replace(/`[^`]*`/g, '').includes('<img'), false);

  // The pull-request comment's hints carry --out too.
  const comment = await spawnCli(['report', repo, '--out', out, '--format', 'pr-comment']);
  assert.equal(comment.code, 0, comment.stderr);
  assert.ok(comment.stdout.includes(`\`bug-hunter dismiss BH-`) && comment.stdout.includes(` --out '${out}' --reason "…"\``), comment.stdout);
  const plain = await spawnCli(['report', repo, '--format', 'pr-comment', '--out', out]);
  assert.equal(plain.stdout, comment.stdout, 'the flag order does not matter');
  assert.ok(!(await spawnCli(['report', repo, '--format', 'github-review', '--out', out])).stdout.includes('--out'), 'github-review comments are left as they were');

  // Without the variable nothing is written anywhere.
  const quiet = await spawnCli(['scan', repo, '--quiet', '--out', out], { env: { GITHUB_STEP_SUMMARY: '' } });
  assert.equal(quiet.code, 1);
  assert.equal(readFileSync(summaryFile, 'utf8'), text);
});

test('merge appends its job summary too', async (t) => {
  const repo = gitRepo(t, buggyProject(1));
  const dir = tempDir(t, 'bh-summary-');
  const shard = join(dir, 'shard1');
  assert.equal((await spawnCli(['scan', repo, '--quiet', '--shard', '1/1', '--out', shard])).code, 1);
  const summaryFile = join(dir, 'summary.md');
  const merged = join(dir, 'merged');
  const merge = await spawnCli(['merge', shard, '--out', merged], { env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(merge.code, 1, merge.stderr);
  const text = readFileSync(summaryFile, 'utf8');
  assert.match(text, /^\n### bug-hunter merge: Not clean: 1 confirmed finding/);
  assert.ok(text.includes(`--out ${merged}\``), text);
});
