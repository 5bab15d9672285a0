// The pipeline in order. A phase with no `load` is not built yet: `scan` says so instead of pretending.
import type { PhaseDefinition } from '../phase-kit/types.ts';

export interface PipelineEntry {
  name: string;
  summary: string;
  load?: () => Promise<PhaseDefinition>;
  /** Runs in `scan` only when the caller asks for it (--verify, --repro, --fix, --dep-scan). */
  optIn?: 'verify' | 'repro' | 'fix' | 'depScan' | 'leads';
}

export const PIPELINE: PipelineEntry[] = [
  { name: 'triage', summary: 'list, rank and chunk source files', load: async () => (await import('../phases/triage/index.ts')).triagePhase },
  { name: 'plan', summary: 'choose profile, execution mode and limits', load: async () => (await import('../phases/plan/index.ts')).planPhase },
  { name: 'recon', summary: 'stack, entry points and trust boundaries', load: async () => (await import('../phases/recon/index.ts')).reconPhase },
  { name: 'threat', summary: 'STRIDE threat model from recon', load: async () => (await import('../phases/threat/index.ts')).threatPhase },
  { name: 'retrieval', summary: 'rank context per chunk under budgets', load: async () => (await import('../phases/retrieval/index.ts')).retrievalPhase },
  { name: 'leads', summary: "other analysers' SARIF results as hunter candidates", optIn: 'leads', load: async () => (await import('../phases/leads/index.ts')).leadsPhase },
  { name: 'hunter', summary: 'find candidate bugs per chunk', load: async () => (await import('../phases/hunter/index.ts')).hunterPhase },
  { name: 'skeptic', summary: 'try to disprove each candidate', load: async () => (await import('../phases/skeptic/index.ts')).skepticPhase },
  { name: 'referee', summary: 'decide: confirmed, dismissed or manual-review', load: async () => (await import('../phases/referee/index.ts')).refereePhase },
  { name: 'deps', summary: 'vulnerable dependencies from lockfiles and advisories, with reachability', optIn: 'depScan', load: async () => (await import('../phases/deps/index.ts')).depsPhase },
  { name: 'verify', summary: 'run checks and the baseline suite in the sandbox', optIn: 'verify', load: async () => (await import('../phases/verify/index.ts')).verifyPhase },
  { name: 'repro', summary: 'generate and run a failing test per confirmed finding', optIn: 'repro', load: async () => (await import('../phases/repro/index.ts')).reproPhase },
  { name: 'report', summary: 'join everything into scan-report.json, report.md, report.sarif, coverage.json', load: async () => (await import('../phases/report/index.ts')).reportPhase },
  { name: 'fix-plan', summary: 'cluster, classify and scope fixes', optIn: 'fix', load: async () => (await import('../phases/fix-plan/index.ts')).fixPlanPhase },
  { name: 'fixer', summary: 'apply scoped fixes with red-to-green proof', optIn: 'fix', load: async () => (await import('../phases/fixer/index.ts')).fixerPhase },
];

export function findPhase(name: string): PipelineEntry | undefined {
  return PIPELINE.find((p) => p.name === name);
}

export function builtPhases(): PipelineEntry[] {
  return PIPELINE.filter((p) => p.load);
}
