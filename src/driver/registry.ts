// The pipeline in order, and what the driver must know of each phase before loading it: whether `scan` runs it
// only when asked (optIn), whether `scan --estimate` runs it, and what it needs from the machine (preconditions).
// This is the one file outside a phase's folder that names the phases (test/architecture/phase-names.test.ts).
import type { OptIn, PhaseDefinition } from '../phase-kit/types.ts';
import type { FixerDeps } from '../phases/fixer/index.ts';

/** What a phase needs from the machine before a run starts: a git repository, or a sandbox backend. */
export type MachineNeed = 'git' | 'sandbox';

/** The collaborators a caller may give the phases that accept them (src/driver/run-opt-in.ts): the fixer's
 * proposer, sandbox backend and time limit. A phase without `create` runs as `load` gives it. */
export type PhaseDeps = FixerDeps;

export interface PipelineEntry {
  name: string;
  summary: string;
  load: () => Promise<PhaseDefinition>;
  /** The phase built with the caller's collaborators, for the phases that accept them. */
  create?: (deps: PhaseDeps) => Promise<PhaseDefinition>;
  /** Runs in `scan` only when the caller asks for it (--verify, --repro, --fix, --dep-scan). */
  optIn?: OptIn;
  /** Runs in `scan --estimate` too: the estimate reads what these write (the chunks and the plan). */
  estimate?: true;
  /** Checked before the first phase runs (src/driver/preconditions.ts). */
  needs?: readonly MachineNeed[];
}

export const PIPELINE: PipelineEntry[] = [
  { name: 'triage', summary: 'list, rank and chunk source files', estimate: true, load: async () => (await import('../phases/triage/index.ts')).triagePhase },
  { name: 'plan', summary: 'choose profile, execution mode and limits', estimate: true, load: async () => (await import('../phases/plan/index.ts')).planPhase },
  { name: 'recon', summary: 'stack, entry points and trust boundaries', load: async () => (await import('../phases/recon/index.ts')).reconPhase },
  { name: 'threat', summary: 'STRIDE threat model from recon', load: async () => (await import('../phases/threat/index.ts')).threatPhase },
  { name: 'retrieval', summary: 'rank context per chunk under budgets', load: async () => (await import('../phases/retrieval/index.ts')).retrievalPhase },
  { name: 'leads', summary: "other analysers' SARIF results as hunter candidates", optIn: 'leads', load: async () => (await import('../phases/leads/index.ts')).leadsPhase },
  { name: 'hunter', summary: 'find candidate bugs per chunk', load: async () => (await import('../phases/hunter/index.ts')).hunterPhase },
  { name: 'skeptic', summary: 'try to disprove each candidate', load: async () => (await import('../phases/skeptic/index.ts')).skepticPhase },
  { name: 'referee', summary: 'decide: confirmed, dismissed or manual-review', load: async () => (await import('../phases/referee/index.ts')).refereePhase },
  { name: 'deps', summary: 'vulnerable dependencies from lockfiles and advisories, with reachability', optIn: 'depScan', load: async () => (await import('../phases/deps/index.ts')).depsPhase },
  { name: 'verify', summary: 'run checks and the baseline suite in the sandbox', optIn: 'verify', needs: ['sandbox'], load: async () => (await import('../phases/verify/index.ts')).verifyPhase },
  { name: 'repro', summary: 'generate and run a failing test per confirmed finding', optIn: 'repro', needs: ['sandbox'], load: async () => (await import('../phases/repro/index.ts')).reproPhase },
  { name: 'report', summary: 'join everything into scan-report.json, report.md, report.sarif, coverage.json', load: async () => (await import('../phases/report/index.ts')).reportPhase },
  { name: 'fix-plan', summary: 'cluster, classify and scope fixes', optIn: 'fix', load: async () => (await import('../phases/fix-plan/index.ts')).fixPlanPhase },
  { name: 'fixer', summary: 'apply scoped fixes with red-to-green proof', optIn: 'fix', needs: ['git', 'sandbox'], load: async () => (await import('../phases/fixer/index.ts')).fixerPhase, create: async (deps) => (await import('../phases/fixer/index.ts')).createFixerPhase(deps) },
];

export function findPhase(name: string): PipelineEntry | undefined {
  return PIPELINE.find((p) => p.name === name);
}

/** The phase that starts a run (`phase <it>` by hand starts a new one; every other phase attaches). */
export function firstPhase(): PipelineEntry {
  return PIPELINE[0]!;
}
