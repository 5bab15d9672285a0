// Shared test plumbing for the funnel: a temp copy of the example with a model config, the fake server
// answered by the scripted stand-in (closed after the test), and what a scan's report says in short.
import type { TestContext } from 'node:test';
import { readArtifact } from '../../src/artifacts/store.ts';
import type { Logger } from '../../src/foundations/logger.ts';
import { startFakeServer, type FakeServer } from '../engines/models/fixtures/fake-server.ts';
import { tempDir } from '../helpers/temp.ts';
import { copyDemo, DEMO_ANSWERS, writeConfig } from './demo.ts';
import { loadAnswers, scriptedResponder, type ScriptedAnswers } from './scripted-model.ts';

/** A logger that keeps info lines (the engine line) and can abort after the first `after` hunter chunks. */
export function recordingLogger(abort?: { controller: AbortController; after: number }): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warn: (m) => lines.push(`warning: ${m}`),
    progress(phase, done) {
      if (abort && phase === 'hunter' && done === abort.after) abort.controller.abort(new Error('interrupted'));
    },
  };
}

/** A temp copy of examples/model-demo with `config` as its .bug-hunter/config.json. */
export function demoTarget(t: TestContext, config: Record<string, unknown>): string {
  const dir = tempDir(t, 'bh-funnel-');
  copyDemo(dir);
  writeConfig(dir, config);
  return dir;
}

/** The fake model server answering as the scripted stand-in (the demo's answers unless given). */
export async function scriptedServer(t: TestContext, answers: ScriptedAnswers = loadAnswers(DEMO_ANSWERS)): Promise<FakeServer> {
  const server = await startFakeServer();
  server.fallback = scriptedResponder(answers).respond;
  t.after(() => server.close());
  return server;
}

/** Findings and verdicts only: what must be identical between runs (run ids and timestamps differ). */
export function outcome(outDir: string) {
  const hunter = readArtifact(outDir, 'hunter-findings');
  const referee = readArtifact(outDir, 'referee');
  const report = readArtifact(outDir, 'scan-report');
  return {
    findings: hunter.findings,
    chunks: hunter.chunks,
    verdicts: referee.verdicts,
    report: report.findings.map((f) => ({ id: f.finding.id, verdict: f.verdict, tier: f.tier, file: f.finding.file, line: f.finding.startLine })),
  };
}

/** Verdict counts of the model findings in scan-report.json. */
export function modelVerdicts(outDir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of readArtifact(outDir, 'scan-report').findings.filter((x) => x.finding.engine === 'model')) counts[f.verdict] = (counts[f.verdict] ?? 0) + 1;
  return counts;
}
