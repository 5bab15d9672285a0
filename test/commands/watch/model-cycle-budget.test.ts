// A watch cycle with models under a per-cycle token budget (split from model-budget.test.ts so the two run side by
// side): the scripted stand-in on the fake OpenAI-compatible server, the real SDK on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedServer } from '../../funnel/helpers.ts';
import { runCli } from '../../helpers/cli.ts';
import { commit, events } from './helpers.ts';
import { demoRepo, edit } from './model-demo-repo.ts';

test('per-cycle token budget with a model: a cycle too small for one call reviews nothing, the finding whose code changed is unreviewed, and status lists the commit as partly reviewed', async (t) => {
  const server = await scriptedServer(t);
  const { repo, config } = demoRepo(t, server.openaiURL);
  assert.equal((await runCli(['watch', '--once', repo, '--config', config, '--no-sweep', '--quiet'])).code, 0);
  const opened = events(repo).find((e) => e.file === 'src/pagination.js')!;
  // The code at the finding changes (a line above it): it has to be checked again.
  const changed = commit(repo, edit(repo, "  return Math.floor(total / size);", "  // whole pages only\n  return Math.floor(total / size);"), 'comment at the bug');
  const from = server.requests.length;
  const run = await runCli(['watch', '--once', repo, '--config', config, '--no-sweep', '--json', '--per-cycle-tokens', '300']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.length, from, 'no call fits in 300 tokens');
  const processed = (JSON.parse(run.stdout) as { processed: { sha: string; status: string; detail: string }[] }).processed;
  assert.deepEqual(processed.map((p) => [p.sha, p.status]), [[changed, 'partial']]);
  assert.match(processed[0]!.detail, /incomplete: \d+ file\(s\) unreviewed \(.*per-run budget.*\): .*src\/pagination\.js/);
  assert.deepEqual(events(repo).slice(2).map((e) => [e.kind, e.fingerprint, e.commit]), [['unreviewed', opened.fingerprint, changed]], 'never taken as fixed or clean');
  const text = (await runCli(['watch', 'status', repo])).stdout;
  assert.match(text, new RegExp(`Partly reviewed commits \\(unreviewed files left for the sweep\\): ${changed.slice(0, 12)}`));
  assert.match(text, /Open findings: 2 /);
});
