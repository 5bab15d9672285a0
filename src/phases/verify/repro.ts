// The repro phase: for each confirmed finding, ask the tester (a TestWriter — the tester model when one is bound)
// for a failing test and run it in the sandbox; proven ones are promoted to repro/<id>/ (T1). Without a tester
// every finding is recorded as skipped, T2.
import { readArtifact, readArtifactIfPresent, writeArtifact } from '../../artifacts/store.ts';
import type { Finding, RunIdentity } from '../../artifacts/schemas/common.ts';
import type { Reproduction, VerificationReport } from '../../artifacts/schemas/verification-report.ts';
import { modelTestWriter } from '../../repro/model-writer.ts';
import { promote, runScriptPath } from '../../repro/promote.ts';
import { reproduceFinding } from '../../repro/reproduce.ts';
import type { BugSignature, TestWriter } from '../../repro/types.ts';
import { selectBackend } from '../../sandbox/select.ts';
import { modelFor, type PhaseDefinition } from '../types.ts';
import { verifyOptionsFrom } from './options.ts';

export interface ReproPhaseOptions {
  /** Default: the tester model when the run binds the tester role to one. */
  writer?: TestWriter;
  /** The bug's own signature per finding; default: a marker printed by the failing assertion. */
  signatureFor?: (finding: Finding) => BugSignature;
}

export function createReproPhase(options: ReproPhaseOptions = {}): PhaseDefinition {
  return {
    name: 'repro',
    summary: 'generate and run a failing test per confirmed finding',
    reads: ['referee', 'hunter-findings', 'verification-report'],
    writes: ['verification-report'],
    async run(ctx) {
      const referee = readArtifact(ctx.outDir, 'referee');
      const confirmed = new Set(referee.verdicts.filter((v) => v.verdict === 'confirmed').map((v) => v.findingId));
      const findings = readArtifact(ctx.outDir, 'hunter-findings').findings.filter((f) => confirmed.has(f.id));
      const reproductions: Reproduction[] = [];
      const settings = verifyOptionsFrom(ctx.options);
      const tester = modelFor(ctx, 'tester');
      const writer = options.writer ?? (tester ? modelTestWriter({ client: tester, root: ctx.target, signal: ctx.signal }) : undefined);
      for (const finding of findings) {
        if (!writer) {
          reproductions.push({ findingId: finding.id, outcome: 'skipped', reason: 'unknown: no tester model configured', attempts: 0, tier: 'T2' });
          continue;
        }
        const signature = options.signatureFor?.(finding) ?? { marker: true };
        const backend = selectBackend({ backend: settings.sandboxBackend ?? 'auto', allowUnsandboxed: settings.allowUnsandboxed ?? false });
        const result = await reproduceFinding({ target: ctx.target, finding, signature, writer, backend, signal: ctx.signal, ...(settings.dependencies ? { dependencies: settings.dependencies } : {}) });
        const { lastOutput: _output, proven, ...reproduction } = result;
        if (proven) {
          const dir = promote(ctx.outDir, finding, proven.signature, proven);
          reproductions.push({ ...reproduction, dir, command: `sh ${runScriptPath(ctx, dir)}` });
        } else {
          reproductions.push(reproduction);
        }
        ctx.log.info(`repro ${finding.id}: ${reproduction.outcome} after ${reproduction.attempts} attempt(s) — ${reproduction.reason}`);
        ctx.log.progress('repro', reproductions.length, findings.length);
      }
      writeArtifact(ctx.outDir, 'verification-report', merged(readArtifactIfPresent(ctx.outDir, 'verification-report'), ctx.identity, reproductions));
    },
  };
}

export const reproPhase = createReproPhase();

// Reproductions join the verify phase's report of this run; without one, a report that claims nothing else.
function merged(existing: VerificationReport | undefined, identity: RunIdentity, reproductions: Reproduction[]): VerificationReport {
  if (existing && existing.run.runId === identity.runId) return { ...existing, generatedAt: new Date().toISOString(), reproductions };
  return {
    schemaVersion: 1,
    artifact: 'verification-report',
    run: identity,
    generatedAt: new Date().toISOString(),
    sandbox: { backend: 'auto', available: false, reason: 'the verify phase has not run in this run' },
    baseline: { status: 'unknown', failingTests: [], reason: 'the verify phase has not run in this run' },
    checks: [],
    reproductions,
    fixerAuthorised: false,
    fixerReason: 'the verify phase has not run in this run',
  };
}
