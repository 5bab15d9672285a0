// Recording against the scripted stand-in (fake server, not a model) and replaying the recording give the same
// findings and verdicts; the committed example transcripts are what a fresh recording produces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runScan } from '../../src/driver/scan.ts';
import { DEMO_OPTIONS, DEMO_TRANSCRIPTS, installTranscripts, liveConfig, replayConfig } from './demo.ts';
import { demoTarget, outcome, recordingLogger, scriptedServer } from './helpers.ts';

test('a run recorded from the scripted stand-in replays to identical findings and verdicts', async (t) => {
  const server = await scriptedServer(t);
  const live = demoTarget(t, liveConfig(server.openaiURL, { record: true }));
  const recorded = await runScan({ target: live, options: DEMO_OPTIONS, models: { record: true, trustRepoConfig: true }, log: recordingLogger() });
  const transcripts = join(recorded.outDir, 'transcripts');
  const files = readdirSync(transcripts).sort();
  assert.equal(files.length, server.requests.length, 'one transcript per model call');

  const replay = demoTarget(t, replayConfig());
  installTranscripts(join(replay, '.bug-hunter'), transcripts);
  const replayed = await runScan({ target: replay, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  assert.equal(replayed.exitCode, recorded.exitCode);
  assert.deepEqual(outcome(replayed.outDir), outcome(recorded.outDir));

  assert.deepEqual(
    readdirSync(DEMO_TRANSCRIPTS).sort(),
    files,
    'examples/model-demo/transcripts is stale: re-record with `node --import tsx scripts/examples/record-model-demo.ts`',
  );
});

test('"record": true in config.json alone records transcripts in runScan', async (t) => {
  const server = await scriptedServer(t);
  const target = demoTarget(t, liveConfig(server.openaiURL, { record: true }));
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { trustRepoConfig: true }, log: recordingLogger() });
  assert.ok(server.requests.length > 0);
  assert.ok(existsSync(join(result.outDir, 'transcripts')), 'config record: true wrote no transcripts');
});
