// `repro --fix`: a reproduced report goes through the same fix plan and fixer as a scanned finding (a recorded,
// immutable scope; a git worktree from the base commit; red → green with the suite green; re-proven on the current
// head; --auto-commit to a new branch). Its artifacts live in incidents/<id>/ so a scan's own never get replaced.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { FixReport } from '../../artifacts/schemas/fix.ts';
import type { ReproReport } from '../../artifacts/schemas/repro-report.ts';
import { writeArtifact } from '../../artifacts/store.ts';
import type { Logger } from '../../foundations/logger.ts';
import type { ModelClient, Role } from '../../engines/models/types.ts';
import { runOptInGroup } from '../../driver/run-opt-in.ts';
import { modelProposer, type FixerContext } from '../../engines/fix/propose.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { stableOutput } from '../../engines/repro/tester-prompt.ts';
import type { ReportText } from '../../engines/repro/types.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } from '../../engines/run/options.ts';
import type { DependencyStrategy, SandboxBackend } from '../../engines/sandbox/types.ts';
import { incidentScanReport, type Reproduced } from './incident-scan-report.ts';

export interface IncidentFixRequest {
  target: string;
  outDir: string;
  identity: RunIdentity;
  reproduced: Reproduced;
  /** The report and trace as the tester was shown them. */
  reportBlocks: ReportText[];
  /** The model session's client and the roles bound to a model (the fixer role must be one). */
  models: ModelClient;
  modelRoles: ReadonlySet<Role>;
  backend: SandboxBackend;
  dependencies?: DependencyStrategy;
  autoCommit: boolean;
  log: Logger;
  signal: AbortSignal;
  durationMs: number;
}

export async function fixIncident(request: IncidentFixRequest): Promise<{ fix: NonNullable<ReproReport['fix']>; report: FixReport }> {
  const { reproduced } = request;
  const id = reproduced.finding.id;
  const rel = `incidents/${id}/`;
  const dir = join(request.outDir, 'incidents', id);
  // Replaced whole, like repro/<id>/: each run plans and scopes its own fix from its own proof.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(request.outDir, reproduced.repro.dir), join(dir, reproduced.repro.dir), { recursive: true });
  writeArtifact(dir, 'scan-report', incidentScanReport(reproduced, request.identity, DEFAULT_RUN_OPTIONS.failOn, request.durationMs));
  const ctx: PhaseContext = {
    target: request.target,
    outDir: dir,
    identity: request.identity,
    options: { ...DEFAULT_RUN_OPTIONS, fix: true, ...(request.autoCommit ? { autoCommit: true } : {}), ...(request.dependencies ? { dependencies: request.dependencies } : {}) },
    scope: DEFAULT_SCOPE,
    log: request.log,
    signal: request.signal,
    models: request.models,
    modelRoles: request.modelRoles,
  };
  // The fix plan, then the fixer, as --fix runs them after a scan; the fixer proposes with the incident's context.
  const proposer = modelProposer(request.models, fixerContext(request));
  const written = await runOptInGroup('fix', ctx, { proposer, backend: request.backend });
  const report = written['fix-report'] as FixReport;
  const row = report.fixes.find((f) => f.findingId === id);
  return { fix: { dir: rel, status: row?.status ?? 'skipped', branch: report.branch }, report };
}

// A reported bug's claim only says where; the fixer is shown what is wrong: the report, the failing test and its output.
function fixerContext(request: IncidentFixRequest): FixerContext[] {
  const proof = request.reproduced.report.attempts.find((a) => a.outcome === 'reproduced');
  return [
    ...request.reportBlocks,
    ...(proof?.testPath && proof.testSource ? [{ name: `reproduction test ${proof.testPath}`, text: proof.testSource }] : []),
    ...(proof ? [{ name: 'reproduction output on the unfixed code', text: stableOutput(proof.output) }] : []),
  ];
}
