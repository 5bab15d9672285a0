// Builders for the benchmark tests: schema-valid scan reports from a list of finding spots, and a temp copy
// of a small benchmark tree (cases + labels + gate) so tests never write into the repository.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportedFinding, ScanReport } from '../../../../src/artifacts/schemas/scan-report.ts';
import type { Category, Severity } from '../../../../src/artifacts/schemas/common.ts';
import { sha256 } from '../../../../src/foundations/hashing/hash.ts';
import type { ScanRequest, ScanResult } from '../../../../src/driver/scan-types.ts';
import { identity, ZERO_RUN } from '../../../helpers/builders.ts';

export interface Spot {
  file: string;
  startLine: number;
  endLine?: number;
  category: Category;
  severity?: Severity;
  confidence?: number;
  ruleId?: string;
  verdict?: ReportedFinding['verdict'];
  tier?: ReportedFinding['tier'];
}

export function reportedFinding(spot: Spot): ReportedFinding {
  const fingerprint = sha256(`${spot.file}:${spot.startLine}:${spot.category}:${spot.ruleId ?? ''}`).slice(0, 16);
  const severity = spot.severity ?? 'high';
  const confidence = spot.confidence ?? 0.9;
  const endLine = spot.endLine ?? spot.startLine;
  return {
    finding: {
      id: `BH-${fingerprint.slice(0, 8)}`,
      fingerprint,
      file: spot.file,
      startLine: spot.startLine,
      endLine,
      category: spot.category,
      severity,
      confidence,
      claim: 'test finding',
      evidence: [{ file: spot.file, startLine: spot.startLine, endLine, quote: 'x' }],
      runtimeTrigger: 'test',
      lens: 'test-lens',
      engine: 'static',
      ...(spot.ruleId ? { ruleId: spot.ruleId } : {}),
    },
    verdict: spot.verdict ?? 'confirmed',
    tier: spot.tier ?? 'T2',
    severity,
    confidence,
    skepticOutcome: 'survived',
    skepticReasoning: [],
    refereeReasoning: 'test',
    reread: true,
  };
}

export function scanReport(spots: Spot[], status: ScanReport['status'] = 'complete'): ScanReport {
  return {
    schemaVersion: 1,
    artifact: 'scan-report',
    run: identity({ ...ZERO_RUN, runId: 'r1', repoRoot: '/tmp/x' }),
    generatedAt: new Date(0).toISOString(),
    status,
    clean: spots.length === 0,
    notClean: spots.length === 0 ? [] : ['confirmed findings'],
    options: { failOn: 'low', showSuspected: false },
    mode: 'test',
    profile: 'fast',
    engines: ['static'],
    models: [],
    findings: spots.map(reportedFinding),
    counts: { byVerdict: {}, byTier: {}, bySeverity: {}, byCategory: {}, suppressed: 0, failing: spots.length },
    chunks: { total: 1, done: 1, failed: 0, unreviewed: 0 },
    coverage: { filesInScope: 1, filesScanned: 1, complete: true, notCovered: [], skippedCounts: {} },
    usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    durationMs: 1,
  };
}

/** A scan function that answers from a table of case name → spots, the way runScan would. */
export function fakeScan(byCase: Record<string, Spot[]>) {
  return async (request: ScanRequest): Promise<ScanResult> => {
    const name = request.target.split('/').pop() ?? '';
    const spots = byCase[name];
    if (!spots) throw new Error(`fakeScan: no answer for ${name}`);
    return { exitCode: spots.length > 0 ? 1 : 0, exitReason: 'fake scan', outDir: request.outDir ?? '', report: scanReport(spots), durationMs: 1 };
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `bh-test-${prefix}-`));
}

/** A tiny benchmark tree: two cases (one bug + one decoy; one clean), labels unbound, the repo's gate.json. */
export function miniBenchmark(repoRoot: string): string {
  const root = tempDir('bench');
  const cases = join(root, 'benchmark', 'cases');
  mkdirSync(join(cases, 'shell', 'src'), { recursive: true });
  mkdirSync(join(cases, 'tidy'), { recursive: true });
  mkdirSync(join(root, 'benchmark', 'labels'), { recursive: true });
  writeFileSync(
    join(cases, 'shell', 'src', 'run.js'),
    [
      "const { execSync } = require('child_process');",
      'function deploy(branch) {',
      '  execSync(`git checkout ${branch}`);',
      '}',
      'function head() {',
      "  return execSync('git rev-parse HEAD');",
      '}',
      'module.exports = { deploy, head };',
      '',
    ].join('\n'),
  );
  writeFileSync(join(cases, 'tidy', 'index.js'), 'module.exports = (a, b) => a + b;\n');
  const labels = (name: string, bugs: unknown[], decoys: unknown[]) =>
    writeFileSync(join(root, 'benchmark', 'labels', `${name}.json`), JSON.stringify({ case: name, manifestHash: '0'.repeat(64), language: 'javascript', bugs, decoys }));
  labels(
    'shell',
    [{ id: 'cmd-injection', file: 'src/run.js', startLine: 3, endLine: 3, category: 'injection', severity: 'high', description: 'branch reaches a shell', engines: ['static', 'model'] }],
    [{ id: 'literal-command', file: 'src/run.js', startLine: 6, endLine: 6, description: 'constant command' }],
  );
  labels('tidy', [], []);
  cpSync(join(repoRoot, 'benchmark', 'gate.json'), join(root, 'benchmark', 'gate.json'));
  return root;
}
