// Runs one engine over the cases: each scan works on a throw-away copy of the case in the temp folder, so
// no artifact ever lands in the repository. Collects what each scan reported; scoring happens elsewhere.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { silentLogger } from '../../../src/foundations/logger.ts';
import { skippedPath } from './manifest.ts';
import type { ScoredFinding } from './match.ts';
import type { ScanFn } from './scan-loader.ts';
import type { CaseRun, CaseTruth, EngineFamily, EngineRunInput, RunStatus } from './score.ts';
import { isShownConfirmed } from '../../../src/engines/report/counts.ts';

export interface RunEngineOptions {
  casesDir: string;
  cases: CaseTruth[];
  engine: string;
  repeats: number;
  scan: ScanFn;
  /** Recorded model transcripts per case (<dir>/<case>/), for the replay engine. */
  transcriptsDir?: string;
  onProgress?: (done: number, total: number, label: string) => void;
  signal?: AbortSignal;
}

export function engineFamily(engine: string): EngineFamily {
  return engine === 'static' ? 'static' : 'model';
}

/** What counts as reported: confirmed by the referee, tier T1 or T2, not suppressed. T3 stays hidden. */
export function isReported(f: ScanReport['findings'][number]): boolean {
  return isShownConfirmed(f);
}

export function reportedFindings(report: ScanReport): ScoredFinding[] {
  return report.findings
    .filter(isReported)
    .map((f) => ({
      fingerprint: f.finding.fingerprint,
      file: f.finding.file,
      startLine: f.finding.startLine,
      endLine: f.finding.endLine,
      category: f.finding.category,
      severity: f.severity,
      confidence: f.confidence,
      lens: f.finding.lens,
      ...(f.finding.ruleId !== undefined ? { ruleId: f.finding.ruleId } : {}),
    }));
}

async function scanOnce(options: RunEngineOptions, truth: CaseTruth, repeat: number, t0: number): Promise<CaseRun> {
  const work = mkdtempSync(join(tmpdir(), `bh-bench-${truth.name}-`));
  const target = join(work, truth.name);
  const startedAtMs = performance.now() - t0;
  const base = { case: truth.name, repeat, startedAtMs, findings: [], usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 }, models: [] };
  try {
    const source = join(options.casesDir, truth.name);
    cpSync(source, target, { recursive: true, filter: (src) => !skippedPath(relative(source, src)) });
    const outDir = join(work, 'artifacts');
    if (engineFamily(options.engine) === 'model' && options.engine === 'replay') {
      const recorded = join(options.transcriptsDir ?? '', truth.name);
      if (!options.transcriptsDir || !existsSync(recorded)) {
        return { ...base, status: 'failed', error: `no recorded transcripts for case ${truth.name} (${recorded})`, durationMs: 0 };
      }
      cpSync(recorded, join(outDir, 'transcripts'), { recursive: true });
    }
    const started = performance.now();
    const result = await options.scan({ target, outDir, options: { engine: options.engine }, log: silentLogger, ...(options.signal ? { signal: options.signal } : {}) });
    const durationMs = Math.round(performance.now() - started);
    if (!result.report) {
      return { ...base, status: 'failed', error: `scan wrote no report (exit ${result.exitCode})`, durationMs };
    }
    const report = result.report;
    // The schema's status union widens to string; anything unexpected counts as failed.
    const status: RunStatus = report.status === 'complete' || report.status === 'incomplete' ? report.status : 'failed';
    return {
      ...base,
      status,
      ...(report.status === 'complete' ? {} : { error: `scan status ${report.status} (exit ${result.exitCode})` }),
      durationMs,
      findings: reportedFindings(report),
      usage: { ...report.usage },
      models: [...report.models],
    };
  } catch (error) {
    return { ...base, status: 'failed', error: (error as Error).message.split('\n')[0] ?? 'scan threw', durationMs: Math.round(performance.now() - t0 - startedAtMs) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function runEngine(options: RunEngineOptions): Promise<EngineRunInput> {
  const runs: CaseRun[] = [];
  const total = options.cases.length * options.repeats;
  const t0 = performance.now();
  for (let repeat = 1; repeat <= options.repeats; repeat++) {
    for (const truth of options.cases) {
      options.signal?.throwIfAborted();
      runs.push(await scanOnce(options, truth, repeat, t0));
      options.onProgress?.(runs.length, total, `${truth.name} #${repeat}`);
    }
  }
  return { engine: options.engine, family: engineFamily(options.engine), repeats: options.repeats, cases: options.cases, runs };
}
