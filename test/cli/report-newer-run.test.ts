import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, spawnCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

test('after an interrupted run, report says which run it shows and that a newer one did not finish', async (t) => {
  const repo = gitRepo(t, buggyProject(12));
  const done = await runCli(['scan', repo, '--quiet']);
  assert.equal(done.code, 1, done.stdout);
  const before = await runCli(['report', 'list', repo]);
  const reportRun = /^Report of run (\S+) \(written /.exec(before.stdout)?.[1];
  assert.ok(reportRun, before.stdout);
  assert.equal(before.stderr, '');

  let sent = false;
  const interrupted = await spawnCli(['scan', repo, '--chunk-tokens', '80', '--concurrency', '1'], {
    onStderr: (chunk, child) => {
      if (!sent && /^recon: (\d+)\/\1 /m.test(chunk)) {
        sent = true;
        child.kill('SIGINT');
      }
    },
  });
  assert.equal(interrupted.code, 3, interrupted.stderr);
  const after = await runCli(['report', 'list', repo]);
  assert.equal(after.code, 0);
  assert.match(after.stdout, new RegExp(`^Report of run ${reportRun} \\(written [^)]+\\)\\. NOT the latest run`));
  assert.match(after.stderr, new RegExp(`warning: This report is from the previous run ${reportRun}: a newer run \\S+ \\(started [^)]+\\) was interrupted and wrote no report\\. Continue it with 'bug-hunter scan \\S+ --chunk-tokens 80 --concurrency 1 --resume'`));
  const json = await runCli(['report', 'list', repo, '--json']);
  assert.match((JSON.parse(json.stdout) as { newerRunUnfinished?: string }).newerRunUnfinished ?? '', /was interrupted/);
});
