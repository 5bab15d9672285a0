// Reproduce a bug a person reported: locate it, hold the tester to the incident's own proof rule (the trace's error
// from the trace's function, or the run marker printed by the failing assertion), run up to three attempts twice
// each in the sandbox, promote a proof to repro/<id>/, and return repro-report.json's body. Never a guessed fix.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { ReproReport, ReproReportAttempt } from '../../artifacts/schemas/repro-report.ts';
import { stamp, type BodyOf } from '../../artifacts/stamp.ts';
import { readSource } from '../../engines/integrity/source.ts';
import { promote, runScriptPath } from '../../engines/repro/promote.ts';
import { reproduceFinding, type AttemptRecord } from '../../engines/repro/reproduce.ts';
import type { BugSignature, ReportText, TestWriter } from '../../engines/repro/types.ts';
import type { DependencyStrategy, SandboxBackend } from '../../engines/sandbox/types.ts';
import { incidentFinding, incidentSignature } from './finding.ts';
import { locateInTarget, type LocatedIncident } from './locate-io.ts';
import type { StackTrace } from '../../engines/stack-trace/types.ts';

const REPORT_CHARS = 20_000;
const OUTPUT_CHARS = 8_000;
const RUNNABLE = new Set(['node:test', 'vitest', 'jest', 'mocha', 'pytest', 'go test']);

export interface IncidentRequest {
  target: string;
  outDir: string;
  identity: RunIdentity;
  source: ReproReport['source'];
  /** The report in words ('' with only a trace). */
  text: string;
  trace?: { parsed: StackTrace; text: string };
  writer: TestWriter;
  backend: SandboxBackend;
  dependencies?: DependencyStrategy;
  timeoutMs?: number;
  signal?: AbortSignal;
  onAttempt?: (attempt: ReproReportAttempt) => void;
}

export async function reproduceIncident(request: IncidentRequest): Promise<ReproReport> {
  const { target, trace } = request;
  const located = locateInTarget(target, request.text, trace?.parsed);
  const signature = incidentSignature({ text: request.text, ...(trace ? { trace: trace.parsed } : {}) }, located.frames);
  const base = reportBody(request, located, signature);
  // Stamped here, the one header of repro-report.json: the run the request belongs to, the time it was decided.
  const decided = (body: BodyOf<'repro-report'>): ReproReport => stamp('repro-report', body, request.identity, new Date().toISOString());
  const { location } = located;
  if (!location) return decided({ ...base, verdict: 'unknown', reason: `unknown: ${unlocatedReason(located, Boolean(trace))}; no tester was asked`, attempts: [] });
  if (!located.framework || !RUNNABLE.has(located.framework)) {
    const why = located.framework ? `${located.framework} is detected but reproduction runs only JavaScript test frameworks, pytest and go test in this build` : 'no test framework detected in the target';
    return decided({ ...base, verdict: 'unknown', reason: `unknown: ${why}; no tester was asked`, attempts: [] });
  }
  const lines = readSource(target, location.file);
  const finding = incidentFinding({ text: request.text, ...(trace ? { trace: trace.parsed } : {}) }, location, lines.ok ? (lines.content.split('\n')[location.line - 1] ?? '') : '');
  const attempts: ReproReportAttempt[] = [];
  const result = await reproduceFinding({
    target,
    finding,
    signature,
    writer: request.writer,
    backend: request.backend,
    report: reportBlocks(request),
    onAttempt: (a) => {
      const entry = attemptEntry(a);
      attempts.push(entry);
      request.onAttempt?.(entry);
    },
    ...(request.dependencies ? { dependencies: request.dependencies } : {}),
    ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (result.proven) {
    const dir = promote(request.outDir, finding, result.proven.signature, result.proven);
    return decided({ ...base, verdict: 'reproduced', reason: result.reason, attempts, finding: { ...finding, confidence: 1 }, repro: { dir, command: `sh ${runScriptPath(request, dir)}` } });
  }
  const verdict = result.outcome === 'not-reproduced' ? 'not-reproduced' : 'unknown';
  return decided({ ...base, verdict, reason: result.reason, attempts, finding });
}

function reportBody(request: IncidentRequest, located: LocatedIncident, signature: BugSignature): Omit<BodyOf<'repro-report'>, 'verdict' | 'reason' | 'attempts'> {
  const trace = request.trace?.parsed;
  const { location } = located;
  return {
    source: request.source,
    ...(trace
      ? {
          trace: {
            runtime: trace.runtime,
            errorType: trace.errorType,
            message: trace.message.slice(0, 2_000),
            frames: located.frames.slice(0, 50).map((f) => ({ path: f.path, line: f.line, function: f.function, kind: f.kind, ...(f.file ? { file: f.file } : {}) })),
          },
        }
      : {}),
    location: location ? { file: location.file, startLine: location.startLine, endLine: location.endLine, line: location.line, how: location.how, ...(location.symbol ? { symbol: location.symbol } : {}) } : null,
    framework: located.framework,
    nearestTests: located.nearestTests.map((t) => t.path),
    signature: signature.marker
      ? { kind: 'marker' }
      : {
          kind: 'error',
          ...(signature.errorType ? { errorType: signature.errorType } : {}),
          ...(signature.messageFragment ? { messageFragment: signature.messageFragment } : {}),
          ...(signature.thrownIn ? { thrownIn: signature.thrownIn } : {}),
          ...(signature.thrownInFunction ? { thrownInFunction: signature.thrownInFunction } : {}),
        },
  };
}

// Said plainly, with what was looked at, so the reporter can add what is missing.
function unlocatedReason(located: LocatedIncident, hadTrace: boolean): string {
  if (hadTrace) {
    const kinds = located.frames.map((f) => f.kind);
    return `no frame of the trace is a file of the target (${kinds.length} frame(s): ${[...new Set(kinds)].join(', ') || 'none'}; ${located.filesSeen} source file(s) looked at)`;
  }
  const named = [...located.clues.names, ...located.clues.messages.map((m) => `"${m}"`)];
  return named.length === 0
    ? 'the report names no function and quotes no message to look for'
    : `none of what the report names was found in the target's ${located.filesSeen} source file(s): ${named.slice(0, 8).join(', ')}`;
}

/** The report and the trace as the tester (and, with --fix, the fixer) is shown them: fenced, untrusted, capped. */
export function reportBlocks(request: Pick<IncidentRequest, 'text' | 'trace'>): ReportText[] {
  const blocks: ReportText[] = [];
  if (request.text.trim() !== '') blocks.push({ name: 'bug-report', text: request.text.slice(0, REPORT_CHARS) });
  if (request.trace) blocks.push({ name: 'stack-trace', text: request.trace.text.slice(0, REPORT_CHARS) });
  return blocks;
}

function attemptEntry(a: AttemptRecord): ReproReportAttempt {
  return {
    attempt: a.attempt,
    outcome: a.outcome === 'reproduced' || a.outcome === 'not-reproduced' ? a.outcome : 'unknown',
    reason: a.reason,
    ...(a.path ? { testPath: a.path } : {}),
    ...(a.content ? { testSource: a.content.slice(0, 20_000) } : {}),
    output: a.output.length > OUTPUT_CHARS ? `…${a.output.slice(-(OUTPUT_CHARS - 1))}` : a.output,
  };
}
