// Re-records examples/model-demo/transcripts/: runs a real scan of a temp copy of the example against the fake
// model server answered by the SCRIPTED STAND-IN (test/funnel/scripted-model.ts — not a model), recording
// every exchange. Usage: node --import tsx scripts/examples/record-model-demo.ts   (prints calls, tokens, verdicts)
import { mkdtempSync, readdirSync, rmSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/engines/terminal/log.ts';
import { runScan } from '../../src/driver/scan.ts';
import { startFakeServer } from '../../test/engines/models/fixtures/fake-server.ts';
import { scriptedResponder, loadAnswers } from '../../test/funnel/scripted-model.ts';
import { copyDemo, DEMO_ANSWERS, DEMO_OPTIONS, DEMO_TRANSCRIPTS, liveConfig, transcriptTokens, writeConfig } from '../../test/funnel/demo.ts';

const server = await startFakeServer();
const scripted = scriptedResponder(loadAnswers(DEMO_ANSWERS));
server.fallback = scripted.respond;
const target = mkdtempSync(join(tmpdir(), 'bh-record-example-'));
try {
  copyDemo(target);
  writeConfig(target, liveConfig(server.openaiURL, { record: true }));
  // models.record as well as the config's record: true — runScan passes record=false over the config when the
  // flag is absent (see test/funnel/record.test.ts, the todo test).
  const result = await runScan({ target, options: DEMO_OPTIONS, models: { record: true, trustRepoConfig: true }, log: createLogger({ quiet: !process.env.VERBOSE }) });
  const recorded = join(result.outDir, 'transcripts');
  const tokens = transcriptTokens(recorded);
  // Replace, not merge: a stale transcript from an older prompt would only mislead.
  rmSync(DEMO_TRANSCRIPTS, { recursive: true, force: true });
  mkdirSync(DEMO_TRANSCRIPTS, { recursive: true });
  for (const f of readdirSync(recorded)) cpSync(join(recorded, f), join(DEMO_TRANSCRIPTS, f));
  const verdicts = (result.report?.findings ?? []).map((f) => `${f.verdict} ${f.finding.file}:${f.finding.startLine}`);
  process.stdout.write(
    [
      `scan exit ${result.exitCode} in ${result.durationMs} ms (scripted stand-in, not a model)`,
      `model calls: ${server.requests.length} HTTP requests; scripted answers ${JSON.stringify(scripted.calls)}`,
      `transcripts: ${tokens.calls} (${JSON.stringify(tokens.byRole)}), tokens in ${tokens.inputTokens}, out ${tokens.outputTokens}`,
      `verdicts: ${verdicts.join('; ') || 'none'}`,
      `written to ${DEMO_TRANSCRIPTS}`,
      '',
    ].join('\n'),
  );
  if (result.exitCode === 3) process.exitCode = 3;
} finally {
  await server.close();
  rmSync(target, { recursive: true, force: true });
}
