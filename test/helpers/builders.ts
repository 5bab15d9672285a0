// The one set of test builders for run identities, findings, reported findings and scan reports. Where tests
// once had builders with different defaults, the defaults are parameters here (ZERO_RUN, CLAMP_FINDING).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Category, Finding, RunIdentity, Severity } from '../../src/artifacts/schemas/common.ts';
import type { ReportedFinding, ScanReport } from '../../src/artifacts/schemas/scan-report.ts';
import { sha256 } from '../../src/foundations/hashing/hash.ts';

/** A run identity: run-1 at /tmp/repo with no base commit, hashed scope and options; any field may be given. */
export function identity(over: Partial<RunIdentity> = {}): RunIdentity {
  return { runId: 'run-1', repoRoot: '/tmp/repo', baseCommit: null, scopeHash: sha256('scope'), optionsHash: sha256('options'), toolVersion: '0.1.0', ...over };
}

/** The other identity defaults the fix and benchmark tests use: zero hashes, version 0.0.0, run-test-1. */
export const ZERO_RUN = { runId: 'run-test-1', scopeHash: '0'.repeat(64), optionsHash: '0'.repeat(64), toolVersion: '0.0.0' } as const;

export interface FindingSpec {
  file: string;
  symbol: string;
  subject: string;
  category?: Category;
  severity?: Severity;
  line: number;
  quote: string;
  ruleId?: string;
}

/** A finding made the way the static engine makes one: the fingerprint is from file, enclosing symbol, defect kind and subject — never from line numbers. */
export function makeFinding(spec: FindingSpec): Finding {
  const category = spec.category ?? 'injection';
  const fingerprint = sha256(`${spec.file}\0${spec.symbol}\0${category}\0${spec.subject}`).slice(0, 16);
  const lines = spec.quote.split('\n').length;
  const finding: Finding = {
    id: `BH-${fingerprint.slice(0, 8)}`,
    fingerprint,
    file: spec.file,
    startLine: spec.line,
    endLine: spec.line + lines - 1,
    symbol: spec.symbol,
    category,
    severity: spec.severity ?? 'high',
    confidence: 0.8,
    claim: `${spec.subject} reaches a sink unchecked`,
    evidence: [{ file: spec.file, startLine: spec.line, endLine: spec.line + lines - 1, quote: spec.quote }],
    runtimeTrigger: 'a request with a crafted parameter',
    lens: 'security',
    engine: 'static',
  };
  if (spec.ruleId) finding.ruleId = spec.ruleId;
  return finding;
}

/** The reproduction tests' finding defaults: the cart module of test/engines/repro/helpers.ts, no symbol. */
export const CART_FINDING = {
  file: 'src/cart.js',
  symbol: undefined,
  category: 'logic',
  severity: 'medium',
  confidence: 0.8,
  quote: 'x',
  runtimeTrigger: 'calling it',
  lens: 'logic',
  engine: 'static',
} as const;

/** The default finding: the clamp bug of test/engines/fix/helpers.ts (line 3 of src/clamp.js). */
export const CLAMP_FINDING = {
  fingerprint: '0123456789abcdef',
  file: 'src/clamp.js',
  startLine: 3,
  symbol: 'clamp',
  category: 'boundary',
  severity: 'medium',
  confidence: 0.9,
  claim: 'clamp returns lo instead of hi above the range',
  quote: 'if (x > hi) return lo;',
  runtimeTrigger: 'clamp(11, 0, 10)',
  lens: 'logic',
  engine: 'model',
} as const satisfies Partial<Finding> & { quote: string };

/**
 * A finding with id `id`: `over` wins over `defaults`; the evidence quotes `defaults.quote` at the finding's file
 * and line unless `over` gives evidence. A default without a symbol (`symbol: undefined`) leaves the key out.
 */
export function finding(id: string, over: Partial<Finding> = {}, defaults: Omit<Partial<Finding>, 'symbol'> & { symbol?: string | undefined; quote: string } = CLAMP_FINDING): Finding {
  const { quote, symbol, ...rest } = defaults;
  const file = over.file ?? rest.file ?? 'src/clamp.js';
  const line = over.startLine ?? rest.startLine ?? 3;
  const base = {
    id,
    fingerprint: rest.fingerprint ?? '0123456789abcdef',
    file,
    startLine: line,
    endLine: over.endLine ?? line,
    ...(symbol === undefined ? {} : { symbol }),
    category: rest.category ?? 'boundary',
    severity: rest.severity ?? 'medium',
    confidence: rest.confidence ?? 0.9,
    claim: rest.claim ?? '',
    evidence: [{ file, startLine: line, endLine: line, quote }],
    runtimeTrigger: rest.runtimeTrigger ?? '',
    lens: rest.lens ?? 'logic',
    engine: rest.engine ?? 'model',
  } as Finding;
  return { ...base, ...over };
}

/** A confirmed T1 finding that survived the skeptic, as the scan report lists it. */
export function reported(f: Finding, over: Partial<ReportedFinding> = {}): ReportedFinding {
  return {
    finding: f,
    verdict: 'confirmed',
    tier: 'T1',
    severity: f.severity,
    confidence: f.confidence,
    skepticOutcome: 'survived',
    skepticReasoning: [],
    refereeReasoning: 'real',
    reread: true,
    ...over,
  };
}

const EXAMPLE = join(import.meta.dirname, '..', '..', '.bug-hunter.example', 'scan-report.json');

/** The example scan report (.bug-hunter.example/) with this run and these findings. */
export function scanReport(run: RunIdentity, findings: ReportedFinding[]): ScanReport {
  const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as ScanReport;
  return { ...example, run, findings };
}
