// The compiled CLI: report --format github-review and pr-comment on a real scan in a git repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnCli } from '../../helpers/cli.ts';
import { buggyProject } from '../../helpers/project.ts';
import { git, gitRepo } from '../../helpers/temp.ts';

test('report --format github-review prints a review body for the scanned commit; pr-comment prints Markdown; a bad format is exit 2', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  const scan = await spawnCli(['scan', repo, '--quiet']);
  assert.equal(scan.code, 1, scan.stderr);
  const review = await spawnCli(['report', repo, '--format', 'github-review']);
  assert.equal(review.code, 0, review.stderr);
  const body = JSON.parse(review.stdout) as { commit_id: string; event: string; body: string; comments: { path: string; line: number; side: string }[] };
  assert.equal(body.commit_id, git(repo, 'rev-parse', 'HEAD').trim());
  assert.equal(body.event, 'COMMENT');
  assert.deepEqual(body.comments.map((c) => `${c.path}:${c.line}:${c.side}`).sort(), ['src/handler0.js:5:RIGHT', 'src/handler1.js:5:RIGHT']);
  assert.match(body.body, /^\*\*bug-hunter: 2 new findings\*\*/);

  const comment = await spawnCli(['report', repo, '--format', 'pr-comment']);
  assert.equal(comment.code, 0, comment.stderr);
  assert.match(comment.stdout, /^### bug-hunter: 2 new findings\n/);

  const bad = await spawnCli(['report', repo, '--format', 'github']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--format must be one of md, json, sarif, github-review, pr-comment, junit, html \(got 'github'\)/);
});
