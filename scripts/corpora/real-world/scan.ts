// Runs the real command line on one fetched package, as a user would with no model key:
// `bug-hunter scan <dir> --loop`, artifacts in a throw-away folder, then keeps what the benchmark scores.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { PhaseError } from '../../../src/foundations/errors.ts';
import { isReported } from '../../bench/benchmark/runner.ts';
import type { RecordedFinding } from './match.ts';
import type { ScanRecord, UnreadFile } from './score.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCAN_TIMEOUT_MS = 15 * 60_000;

/** The command a user runs; printed in the README and the notes. */
export const SCAN_ARGS = ['scan', '<dir>', '--loop'] as const;

// No model key reaches the scan: the benchmark measures the no-key default.
function noKeyEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/API_KEY$|^BUG_HUNTER_/.test(k)) env[k] = v;
  return env;
}

export function recordFindings(report: ScanReport): RecordedFinding[] {
  return report.findings.map((f) => ({
    file: f.finding.file,
    startLine: f.finding.startLine,
    endLine: f.finding.endLine,
    verdict: f.verdict,
    tier: f.tier,
    reported: isReported(f),
    category: f.finding.category,
    ...(f.finding.ruleId !== undefined ? { ruleId: f.finding.ruleId } : {}),
    ...(f.finding.cwe !== undefined ? { cwe: f.finding.cwe } : {}),
    severity: f.severity,
    claim: f.finding.claim.replace(/\s+/g, ' ').slice(0, 240),
    ...(isReported(f) ? {} : { why: whyNotReported(f) }),
    ...(f.suppressed ? { suppressed: true } : {}),
    ...(f.relatedLocations ? { related: f.relatedLocations.map((r) => ({ file: r.file, startLine: r.startLine, endLine: r.endLine })) } : {}),
  }));
}

const oneLine = (text: string, max = 200): string => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** Why a finding is not reported, from the report itself: the refuting seats (and reasons), else the referee. */
export function whyNotReported(f: ScanReport['findings'][number]): string {
  if (f.suppressed) return `suppressed (${f.suppressed.source ?? 'dismissal'})`;
  const refuted = f.skepticReasoning.filter((r) => r.vote === 'refuted');
  const tier = f.verdict === 'confirmed' ? `confirmed ${f.tier}, not shown; ` : '';
  if (refuted.length > 0) return `${tier}refuted by ${refuted.map((r) => `${r.seat}: ${oneLine(r.reason, 160)}`).join('; ')}`.slice(0, 400);
  return `${tier}${f.verdict}: ${oneLine(f.refereeReasoning || 'no reasoning recorded')}`.slice(0, 400);
}

interface TriageLike {
  files?: { path: string; isTest?: boolean; lines?: number }[];
  skipped?: { path: string; reason: string }[];
  chunks?: { files: string[] }[];
}

/**
 * The files the scan did not read, with why: triage's skipped files (a folder is one entry ending in '/'),
 * triaged files put in no chunk (test files, say), and in-scope files the report lists as not covered.
 */
export function unreadFiles(triage: TriageLike | undefined, report: Pick<ScanReport, 'coverage'>): UnreadFile[] {
  const out: UnreadFile[] = [];
  for (const s of triage?.skipped ?? []) out.push({ path: s.path, reason: `skipped by triage: ${s.reason}` });
  const chunked = new Set((triage?.chunks ?? []).flatMap((c) => c.files));
  for (const f of triage?.files ?? []) if (!chunked.has(f.path)) out.push({ path: f.path, reason: f.isTest ? 'a test file (not scanned without tests)' : 'triaged but in no chunk' });
  for (const n of report.coverage.notCovered) if (n.status !== 'skipped') out.push({ path: n.path, reason: `${n.status}: ${oneLine(n.reason, 160)}` });
  return out;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

// What decides the scan's findings: the engine's sources and data, not the benchmark's own files.
const ENGINE_PARTS = ['src', 'bin', 'modes', 'prompts', 'package.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

/** A content hash of the engine (src/, bin/, modes/, prompts/, package.json; the benchmark's own files are in scripts/): results reused only when it matches. */
export function engineFingerprint(root = REPO_ROOT): string {
  const hash = createHash('sha256');
  for (const file of ENGINE_PARTS.flatMap((part) => filesUnder(join(root, part)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Compiles dist/ when src/ is newer, so the scans measure this checkout's engine (bin/ runs dist/). */
export async function ensureBuilt(): Promise<void> {
  const build = await execa(process.execPath, [join(REPO_ROOT, 'scripts', 'build', 'build.mjs'), '--if-stale'], { reject: false, cwd: REPO_ROOT });
  if (build.exitCode !== 0) {
    throw new PhaseError(`Could not build the CLI (node scripts/build/build.mjs exited ${build.exitCode}): ${String(build.stderr).split('\n').find((l) => l.trim()) ?? 'no message'}. Fix the build, then rerun.`);
  }
}

/** Scans one source folder with the CLI of this checkout; never throws for a failed scan. */
export async function scanPackage(key: string, dir: string, signal?: AbortSignal): Promise<ScanRecord> {
  const out = mkdtempSync(join(tmpdir(), 'bh-real-world-'));
  const started = performance.now();
  try {
    const args = SCAN_ARGS.map((a) => (a === '<dir>' ? dir : a));
    const run = await execa(process.execPath, [join(REPO_ROOT, 'bin', 'bug-hunter.js'), ...args, '--quiet', '--out', out], {
      reject: false,
      timeout: SCAN_TIMEOUT_MS,
      env: noKeyEnv(),
      extendEnv: false,
      ...(signal ? { cancelSignal: signal } : {}),
    });
    const durationMs = Math.round(performance.now() - started);
    const exitCode = run.exitCode ?? null;
    const report = readJson<ScanReport>(join(out, 'scan-report.json'));
    const triage = readJson<TriageLike>(join(out, 'triage.json'));
    const lines = (triage?.files ?? []).reduce((s, f) => s + (f.lines ?? 0), 0);
    const files = triage?.files?.length ?? 0;
    if (!report || !Array.isArray(report.findings)) {
      const why = String(run.stderr).split('\n').find((l) => l.trim()) ?? (run.timedOut ? 'timed out' : 'no message');
      return { key, status: 'failed', error: `no scan report (exit ${exitCode}): ${why}`, exitCode, lines, files, durationMs, findings: [] };
    }
    const status = report.status === 'complete' ? 'complete' : report.status === 'incomplete' ? 'incomplete' : 'failed';
    return {
      key,
      status,
      ...(status === 'complete' ? {} : { error: `scan status ${report.status} (exit ${exitCode})` }),
      exitCode,
      lines,
      files,
      durationMs,
      findings: recordFindings(report),
      unread: unreadFiles(triage, report),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
