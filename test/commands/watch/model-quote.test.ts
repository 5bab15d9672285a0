// Watch with a model (split from model-lifecycle.test.ts so the two run side by side): a report whose quote the
// source does not have cannot close a finding. The scripted stand-in on the fake OpenAI-compatible server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveConfig } from '../../funnel/demo.ts';
import { scriptedServer } from '../../funnel/helpers.ts';
import type { ScriptedAnswers } from '../../funnel/scripted-model.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';
import { commit, events, ledgerJson, watchedRepo } from './helpers.ts';
import { answers, pages } from './model-pages.ts';

test('watch with a model: a report whose quote does not match the source is not a fix; the finding stays open and queued', async (t) => {
  const repo = watchedRepo(t);
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  const useServer = async (script: ScriptedAnswers) => {
    const server = await scriptedServer(t, script);
    writeFileSync(config, JSON.stringify(liveConfig(server.openaiURL)));
  };
  const watch = async () => {
    const run = await runCli(['watch', '--once', repo, '--config', config, '--no-sweep', '--quiet']);
    assert.equal(run.code, 0, run.stderr);
  };
  await useServer(answers);
  await watch();
  commit(repo, { 'src/pages.js': pages() }, 'add page count');
  await watch();
  const fingerprint = events(repo)[0]!.fingerprint;

  // Lines move, and the model reports the bug again but quotes text the file does not have: the hunter throws the
  // candidate out, so this cycle could not check the finding — it must not be closed as fixed.
  const wrongQuote: ScriptedAnswers = { ...answers, findings: answers.findings.map((f) => ({ ...f, quote: 'return Math.round(total / size);' })) };
  await useServer(wrongQuote);
  commit(repo, { 'src/pages.js': pages(3) }, 'notes above');
  await watch();
  const entries = ledgerJson(repo).entries;
  assert.deepEqual(entries.map((e) => [e.fingerprint, e.status, e.fixedBy]), [[fingerprint, 'open', undefined]], 'not fixed on an unchecked report');
  assert.deepEqual(events(repo).map((e) => e.kind), ['new', 'unreviewed']);
});
