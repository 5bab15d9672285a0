// Re-records examples/repro-demo/transcripts/: a real `scan --verify --repro` of a temp copy of the example against
// the fake model server answered by SCRIPTED STAND-INS (test/funnel/scripted-model.ts for hunter/skeptic/referee,
// test/repro-e2e/scripted-tester.ts for the tester — not models), with the real bubblewrap sandbox.
// Usage: node --import tsx scripts/examples/record-repro-demo.ts   (prints calls, attempts, durations; VERBOSE=1 for progress)
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { createLogger } from '../../src/engines/terminal/log.ts';
import { runScan } from '../../src/driver/scan.ts';
import { startFakeServer } from '../../test/engines/models/fixtures/fake-server.ts';
import { liveConfig, transcriptTokens, writeConfig } from '../../test/funnel/demo.ts';
import { loadAnswers } from '../../test/funnel/scripted-model.ts';
import { copyReproDemo, REPRO_ANSWERS, REPRO_TESTER_SCRIPT, REPRO_TRANSCRIPTS } from '../../test/repro-e2e/demo.ts';
import { loadTesterScript, scriptedTesterResponder } from '../../test/repro-e2e/scripted-tester.ts';

const server = await startFakeServer();
const scripted = scriptedTesterResponder(loadAnswers(REPRO_ANSWERS), loadTesterScript(REPRO_TESTER_SCRIPT));
server.fallback = scripted.respond;
const target = mkdtempSync(join(tmpdir(), 'bh-record-repro-'));
try {
  copyReproDemo(target);
  writeConfig(target, liveConfig(server.openaiURL, { record: true }));
  const result = await runScan({ target, verify: true, repro: true, models: { record: true, trustRepoConfig: true }, log: createLogger({ quiet: !process.env.VERBOSE }) });
  const recorded = join(result.outDir, 'transcripts');
  const tokens = transcriptTokens(recorded);
  // Replace, not merge: a stale transcript from an older prompt would only mislead.
  rmSync(REPRO_TRANSCRIPTS, { recursive: true, force: true });
  mkdirSync(REPRO_TRANSCRIPTS, { recursive: true });
  for (const f of readdirSync(recorded)) cpSync(join(recorded, f), join(REPRO_TRANSCRIPTS, f));
  const verification = readArtifact(result.outDir, 'verification-report');
  const repros = readArtifact(result.outDir, 'reproductions').reproductions.map((r) => [`${r.findingId}: ${r.outcome} (${r.tier}) after ${r.attempts} attempt(s)`, ...(r.history ?? []).map((h) => `  attempt ${h.attempt}: ${h.reason}`)].join('\n'));
  const tiers = (result.report?.findings ?? []).map((f) => `${f.tier} ${f.verdict} ${f.finding.file}:${f.finding.startLine}${f.repro?.command ? ` — ${f.repro.command}` : ''}`);
  process.stdout.write(
    [
      `scan --verify --repro exit ${result.exitCode} in ${result.durationMs} ms (scripted stand-ins, not models; real bubblewrap sandbox)`,
      `baseline: ${verification.baseline.status}`,
      `model calls: ${server.requests.length} HTTP requests; scripted answers ${JSON.stringify(scripted.calls)}`,
      `transcripts: ${tokens.calls} (${JSON.stringify(tokens.byRole)}), tokens in ${tokens.inputTokens}, out ${tokens.outputTokens}`,
      `reproductions:\n${repros.join('\n') || 'none'}`,
      `findings: ${tiers.join('; ') || 'none'}`,
      `written to ${REPRO_TRANSCRIPTS}`,
      '',
    ].join('\n'),
  );
  if (result.exitCode === 3) process.exitCode = 3;
} finally {
  await server.close();
  rmSync(target, { recursive: true, force: true });
}
