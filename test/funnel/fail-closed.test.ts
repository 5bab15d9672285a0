// Model answers are untrusted: one naming a file outside its chunk fails that chunk closed (exit 3), and one
// whose quote does not match the source is rejected as unsupported and counted — against the scripted stand-in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../src/artifacts/store.ts';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_ANSWERS, DEMO_OPTIONS, liveConfig } from './demo.ts';
import { demoTarget, recordingLogger, scriptedServer } from './helpers.ts';
import { loadAnswers, messagesOf, type ScriptedAnswers } from './scripted-model.ts';

/** The demo's answers with one extra hunter finding. */
function answersWith(extra: Partial<ScriptedAnswers['findings'][number]>): ScriptedAnswers {
  const answers = loadAnswers(DEMO_ANSWERS);
  const base = answers.findings[0]!;
  return { ...answers, findings: [...answers.findings, { ...base, lens: 'logic', votes: {}, claim: 'A planted extra claim.', ...extra }] };
}

test('an answer naming a file outside the chunk fails that chunk closed and the run exits 3', async (t) => {
  // Asked about src/notes.js, the stand-in reports src/pagination.js: a real file, but another chunk's.
  const server = await scriptedServer(t, answersWith({ file: 'src/notes.js', match: 'export function formatNote', reportAs: 'src/pagination.js' }));
  const target = demoTarget(t, liveConfig(server.openaiURL));
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });

  assert.equal(result.exitCode, 3);
  // The client gave the stand-in its one repair turn; it repeated the stray file, so the call failed closed.
  const logicCalls = server.requests.map((r) => messagesOf(r.body)).filter((m) => m.system.startsWith('# Hunter — lens: logic') && m.user.includes('<source file="src/notes.js">'));
  assert.equal(logicCalls.length, 2);
  const hunter = readArtifact(result.outDir, 'hunter-findings');
  const failed = hunter.chunks.filter((c) => c.status === 'failed');
  assert.equal(failed.length, 1);
  assert.match(failed[0]!.error ?? '', /src\/pagination\.js is not one of the files in <source> blocks/);
  assert.ok(hunter.chunks.filter((c) => c.status === 'done').length === 2, 'the other chunks still ran');
  assert.ok(!hunter.findings.some((f) => f.claim === 'A planted extra claim.'));
  assert.equal(result.report?.coverage.complete, false);
});

test('an answer whose quote does not match the source is rejected as unsupported and counted', async (t) => {
  const server = await scriptedServer(t, answersWith({ file: 'src/pagination.js', match: 'return Math.floor(total / size);', quote: 'return Math.ceil(total / size);' }));
  const target = demoTarget(t, liveConfig(server.openaiURL));
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });

  const hunter = readArtifact(result.outDir, 'hunter-findings');
  assert.ok(hunter.chunks.every((c) => c.status === 'done'), 'a bad quote rejects the finding, not the chunk');
  const rejected = hunter.chunks.flatMap((c) => c.rejected);
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0]!.claim, 'A planted extra claim.');
  assert.match(rejected[0]!.reason, /^unsupported: evidence quote does not match src\/pagination\.js:10-10/);
  assert.ok(!hunter.findings.some((f) => f.claim === 'A planted extra claim.'));
  assert.equal(hunter.findings.length, 3);
  assert.equal(result.exitCode, 1);
});
