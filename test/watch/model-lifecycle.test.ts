// The watch lifecycle with a model: a bug only the model reports is opened, followed when the code moves and closed
// by the commit that fixes it. The scripted stand-in on the fake OpenAI-compatible server (the real SDK on 127.0.0.1)
// finds the bug by its text in the numbered source it is sent, so it reports what each commit's code says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveConfig, DEMO_MODEL } from '../funnel/demo.ts';
import { scriptedServer } from '../funnel/helpers.ts';
import type { ScriptedAnswers } from '../funnel/scripted-model.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { commit, events, ledgerJson, watchedRepo } from './helpers.ts';

const BUGGY = 'return Math.floor(total / size);';
const FIXED = 'return Math.ceil(total / size);';

/** A page count that rounds down, dropping the last partial page (an off-by-one no static rule covers), `padding` lines lower. */
function pages(padding = 0, body = BUGGY): string {
  return [
    '// Page counts for the list endpoints.',
    ...Array.from({ length: padding }, (_, i) => `// note ${i}`),
    'export function pageCount(total, size) {',
    "  if (size <= 0) throw new RangeError('page size must be positive');",
    `  ${body}`,
    '}',
    '',
  ].join('\n');
}

const answers: ScriptedAnswers = {
  model: DEMO_MODEL,
  findings: [
    {
      lens: 'boundary',
      file: 'src/pages.js',
      match: BUGGY,
      symbol: 'pageCount',
      category: 'boundary',
      severity: 'medium',
      confidence: 0.9,
      claim: 'pageCount rounds down, so a last partial page is never counted.',
      runtimeTrigger: 'pageCount(5, 2) returns 2 instead of 3.',
      votes: {
        reachability: { vote: 'upheld', reason: 'pageCount is exported.' },
        semantics: { vote: 'upheld', reason: 'Math.floor(5 / 2) is 2; a page count must round up.' },
        guards: { vote: 'upheld', reason: 'Nothing corrects the rounding.' },
      },
      referee: { verdict: 'confirmed', severity: 'medium', confidence: 0.9, reasoning: 'Math.floor(total / size) drops the partial page; Math.ceil is needed.' },
    },
  ],
};

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
