// The shell of `bug-hunter repro` (reproduceReported): run identity and lock, the tester model, the sandbox backend, then
// reproduceIncident; repro-report.json is written whatever the verdict, so "not reproduced" is on record too. With
// --fix, only a reproduced report goes on to the fixer (fixIncident); nothing else is ever fixed.
import { mkdirSync } from 'node:fs';
import type { ReproReport } from '../../artifacts/schemas/repro-report.ts';
import { writeArtifact } from '../../artifacts/store.ts';
import type { CommandIO } from '../kit/command.ts';
import { createLogger } from '../../engines/terminal/log.ts';
import { UsageError } from '../../foundations/errors.ts';
import { gitTopLevel, headCommit } from '../../engines/git/git.ts';
import { openModelSession, resolveModels, type ModelRequest } from '../../driver/model-setup.ts';
import { printable } from '../../engines/report/printable.ts';
import { modelTestWriter } from '../../engines/repro/model-writer.ts';
import { hashJson } from '../../foundations/hashing/hash.ts';
import { newRunId } from '../../engines/run/identity.ts';
import { acquireRunLock } from '../../engines/run/lock.ts';
import { selectBackend, type BackendChoice } from '../../engines/sandbox/select.ts';
import type { DependencyStrategy } from '../../engines/sandbox/types.ts';
import { TOOL_VERSION } from '../../foundations/version.ts';
import { fixIncident } from './fix-incident.ts';
import { reproducedOf } from './incident-scan-report.ts';
import { reportBlocks, reproduceIncident, type IncidentRequest } from './reproduce-incident.ts';
import type { Role } from '../../engines/config/schema.ts';

export interface ReproRun {
  target: string;
  outDir: string;
  text: string;
  trace?: IncidentRequest['trace'];
  source: ReproReport['source'];
  models: ModelRequest;
  sandbox: BackendChoice;
  dependencies?: DependencyStrategy;
  timeoutMs?: number;
  /** --fix: a reproduced report goes on to the fix plan and the fixer; --auto-commit commits a proven fix to a new branch. */
  fix?: { autoCommit: boolean };
  quiet: boolean;
  io: CommandIO;
}

export async function reproduceReported(run: ReproRun): Promise<ReproReport> {
  const setup = resolveModels(run.target, run.models);
  for (const warning of setup.warnings) run.io.stderr(`warning: ${warning}\n`);
  if (!setup.modelRoles.has('tester')) {
    throw new UsageError("repro needs a tester model: bind the tester role to a provider in the config (roles.tester) or pass --provider. The static engine does not write tests.");
  }
  if (run.fix) fixPreconditions(run.target, setup.modelRoles);
  const backend = selectBackend(run.sandbox);
  mkdirSync(run.outDir, { recursive: true });
  const runId = newRunId();
  const identity = {
    runId,
    repoRoot: run.target,
    baseCommit: headCommit(run.target),
    scopeHash: hashJson({ repoRoot: run.target, report: run.source.textSha256 }),
    optionsHash: hashJson({ command: 'repro', sandbox: run.sandbox.backend, dependencies: run.dependencies ?? null, timeoutMs: run.timeoutMs ?? null, engine: setup.engine }),
    toolVersion: TOOL_VERSION,
  };
  const log = createLogger({ quiet: run.quiet });
  const lock = acquireRunLock(run.outDir, 'bug-hunter repro');
  const started = Date.now();
  const session = openModelSession(setup, run.outDir, runId, log, run.models.record);
  try {
    const report = await reproduceIncident({
      target: run.target,
      outDir: run.outDir,
      identity,
      source: run.source,
      text: run.text,
      ...(run.trace ? { trace: run.trace } : {}),
      writer: modelTestWriter({ client: session.client, root: run.target, signal: run.io.signal }),
      backend,
      signal: run.io.signal,
      onAttempt: (a) => log.info(printable(`repro attempt ${a.attempt}: ${a.outcome} — ${a.reason}`)),
      ...(run.dependencies ? { dependencies: run.dependencies } : {}),
      ...(run.timeoutMs ? { timeoutMs: run.timeoutMs } : {}),
    });
    // On record before any fix is tried: a fixer that fails leaves the verdict and the attempts readable.
    writeArtifact(run.outDir, 'repro-report', report);
    const reproduced = run.fix ? reproducedOf(report) : null;
    if (!run.fix || !reproduced) return report;
    const { fix } = await fixIncident({
      target: run.target,
      outDir: run.outDir,
      identity,
      reproduced,
      reportBlocks: reportBlocks(run),
      models: session.client,
      modelRoles: setup.modelRoles,
      backend,
      autoCommit: run.fix.autoCommit,
      log,
      signal: run.io.signal,
      durationMs: Date.now() - started,
      ...(run.dependencies ? { dependencies: run.dependencies } : {}),
    });
    const fixed = { ...report, fix };
    writeArtifact(run.outDir, 'repro-report', fixed);
    return fixed;
  } finally {
    await session.close(Date.now() - started);
    lock.release();
  }
}

// Known before the tester is asked: fixing needs a committed git checkout (worktrees) and a fixer model.
function fixPreconditions(target: string, roles: ReadonlySet<string>): void {
  if (!gitTopLevel(target) || !headCommit(target)) {
    throw new UsageError(`--fix needs a git repository with at least one commit (fixes are made in a git worktree from the base commit), and ${target} has none. Run it on a git checkout, or leave out --fix.`);
  }
  if (!roles.has('fixer' satisfies Role)) throw new UsageError("--fix needs a fixer model: bind the fixer role to a provider in the config (roles.fixer) or pass --provider. Leave out --fix to only reproduce.");
}
