// The watch lifecycle with a model: a bug only the model reports is opened, followed when the code moves and closed
// by the commit that fixes it. The scripted stand-in on the fake OpenAI-compatible server (the real SDK on 127.0.0.1)
// finds the bug by its text in the numbered source it is sent, so it reports what each commit's code says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveConfig } from '../../funnel/demo.ts';
import { scriptedServer } from '../../funnel/helpers.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';
import { commit, events, ledgerJson, watchedRepo } from './helpers.ts';
import { answers, FIXED, pages } from './model-pages.ts';

test('watch with a model: a bug only the model reports is opened, keeps its fingerprint when moved, and is closed by the fixing commit', async (t) => {
  const server = await scriptedServer(t, answers);
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify(liveConfig(server.openaiURL)));
  const repo = watchedRepo(t);
  const watch = async () => {
    const run = await runCli(['watch', '--once', repo, '--config', config, '--no-sweep', '--json', '--quiet']);
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout) as { processed: { sha: string; status: string }[] };
  };
  await watch();
  assert.deepEqual(events(repo), [], 'the clean baseline has nothing to say');

  const added = commit(repo, { 'src/pages.js': pages() }, 'add page count');
  // The static engine alone has no rule for this bug: a watcher without a model stays quiet on the same history.
  const staticRepo = watchedRepo(t);
  commit(staticRepo, { 'src/pages.js': pages() }, 'add page count');
  assert.equal((await runCli(['watch', '--once', staticRepo, '--no-sweep', '--quiet'])).code, 0);
  assert.deepEqual(events(staticRepo), [], 'the static engine does not report it');

  let from = server.requests.length;
  await watch();
  assert.ok(server.requests.length > from, 'the model was asked');
  const opened = events(repo);
  assert.deepEqual(opened.map((e) => [e.kind, e.commit, e.file, e.startLine]), [['new', added, 'src/pages.js', 4]]);
  const fingerprint = opened[0]!.fingerprint;
  const open = ledgerJson(repo).entries as (ReturnType<typeof ledgerJson>['entries'][number] & { claim: string; category: string })[];
  // The watcher keeps no engine column: the claim and category are the scripted model's words, not a static rule's.
  assert.deepEqual(open.map((e) => [e.status, e.fingerprint, e.claim, e.category, e.startLine]), [['open', fingerprint, answers.findings[0]!.claim, 'boundary', 4]]);

  // Lines inserted above: the model is shown the new code, cites the new line, and the finding follows it.
  const moved = commit(repo, { 'src/pages.js': pages(3) }, 'notes above');
  from = server.requests.length;
  await watch();
  assert.ok(server.requests.length > from, 'the model was asked again');
  const afterMove = ledgerJson(repo).entries;
  assert.deepEqual(afterMove.map((e) => [e.status, e.fingerprint, e.startLine]), [['open', fingerprint, 7]], 'still one finding, same fingerprint, new line');
  assert.deepEqual(events(repo).slice(1).map((e) => [e.kind, e.fingerprint, e.commit, e.startLine]), [['re-verified', fingerprint, moved, 7]], 'a move is not a fix');

  // The fix: the model, shown the corrected line, reports nothing, and the commit closes the finding.
  const fixed = commit(repo, { 'src/pages.js': pages(3, FIXED) }, 'round up');
  from = server.requests.length;
  assert.deepEqual((await watch()).processed.map((p) => [p.sha, p.status]), [[fixed, 'done']]);
  assert.ok(server.requests.length > from, 'the fix was reviewed by the model');
  const closed = ledgerJson(repo).entries;
  assert.deepEqual(closed.map((e) => [e.status, e.fingerprint, e.fixedBy?.commit]), [['fixed', fingerprint, fixed]]);
  // 'closed': the fixing commit removed the cited code (the watcher's event for a fix by the commit itself).
  assert.deepEqual(events(repo).map((e) => [e.kind, e.fingerprint, e.commit]), [['new', fingerprint, added], ['re-verified', fingerprint, moved], ['closed', fingerprint, fixed]]);
});
