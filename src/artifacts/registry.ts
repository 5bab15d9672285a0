// Every artifact the pipeline writes: its name, its file in .bug-hunter/, and its schema.
import type { TSchema } from '@sinclair/typebox';
import { AdaptivePlan } from './schemas/adaptive-plan.ts';
import { Baseline } from './schemas/baseline.ts';
import { BenchmarkReport } from './schemas/benchmark-report.ts';
import { CacheUsage } from './schemas/cache-usage.ts';
import { Coverage } from './schemas/coverage.ts';
import { DepFindings } from './schemas/dep-findings.ts';
import { FixPlan, FixReport, FixStrategy, FixerScope } from './schemas/fix.ts';
import { HunterFindings } from './schemas/hunter-findings.ts';
import { Leads } from './schemas/leads.ts';
import { Ledger, Suppressions } from './schemas/memory.ts';
import { PublishReport } from './schemas/publish-report.ts';
import { Recon } from './schemas/recon.ts';
import { Referee } from './schemas/referee.ts';
import { ReproReport } from './schemas/repro-report.ts';
import { Reproductions } from './schemas/reproductions.ts';
import { RetrievalPlan } from './schemas/retrieval-plan.ts';
import { ScanReport } from './schemas/scan-report.ts';
import { Skeptic } from './schemas/skeptic.ts';
import { RunState } from './schemas/state.ts';
import { ThreatModel } from './schemas/threat-model.ts';
import { Triage } from './schemas/triage.ts';
import { VerificationReport } from './schemas/verification-report.ts';
import { WorkReport } from './schemas/work-report.ts';

export const ARTIFACTS = {
  triage: { file: 'triage.json', schema: Triage },
  'adaptive-plan': { file: 'adaptive-plan.json', schema: AdaptivePlan },
  recon: { file: 'recon.json', schema: Recon },
  'threat-model': { file: 'threat-model.json', schema: ThreatModel },
  'retrieval-plan': { file: 'retrieval-plan.json', schema: RetrievalPlan },
  leads: { file: 'leads.json', schema: Leads },
  'hunter-findings': { file: 'hunter-findings.json', schema: HunterFindings },
  skeptic: { file: 'skeptic.json', schema: Skeptic },
  referee: { file: 'referee.json', schema: Referee },
  'verification-report': { file: 'verification-report.json', schema: VerificationReport },
  reproductions: { file: 'reproductions.json', schema: Reproductions },
  'dep-findings': { file: 'dep-findings.json', schema: DepFindings },
  baseline: { file: 'baseline.json', schema: Baseline },
  'scan-report': { file: 'scan-report.json', schema: ScanReport },
  coverage: { file: 'coverage.json', schema: Coverage },
  'fix-strategy': { file: 'fix-strategy.json', schema: FixStrategy },
  'fix-plan': { file: 'fix-plan.json', schema: FixPlan },
  'fixer-scope': { file: 'fixer-scope.json', schema: FixerScope },
  'fix-report': { file: 'fix-report.json', schema: FixReport },
  state: { file: 'state.json', schema: RunState },
  'benchmark-report': { file: 'benchmark-report.json', schema: BenchmarkReport },
  suppressions: { file: 'suppressions.json', schema: Suppressions },
  ledger: { file: 'ledger.json', schema: Ledger },
  'publish-report': { file: 'publish-report.json', schema: PublishReport },
  'cache-usage': { file: 'cache-usage.json', schema: CacheUsage },
  'work-report': { file: 'work-report.json', schema: WorkReport },
  'repro-report': { file: 'repro-report.json', schema: ReproReport },
} as const satisfies Record<string, { file: string; schema: TSchema }>;

export type ArtifactName = keyof typeof ARTIFACTS;

export function artifactNames(): ArtifactName[] {
  return Object.keys(ARTIFACTS) as ArtifactName[];
}
