// The repro phase: for each confirmed finding, ask the tester (a TestWriter — the tester model when one is bound)
// for a failing test and run it in the sandbox; proven ones are promoted to repro/<id>/ (T1). Without a tester
// every finding is recorded as skipped, T2. Writes reproductions.json (the verify phase's report is its own).
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { Reproduction } from '../../artifacts/schemas/verification-report.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import { modelTestWriter } from '../../engines/repro/model-writer.ts';
import { promote, runScriptPath } from '../../engines/repro/promote.ts';
import { reproduceFinding } from '../../engines/repro/reproduce.ts';
import type { BugSignature, TestWriter } from '../../engines/repro/types.ts';
import { selectBackend } from '../../engines/sandbox/select.ts';
import { modelFor } from '../../phase-kit/types.ts';
import { verifyOptionsFrom } from '../../engines/verify/options.ts';
import { findingsToReproduce, recordedReproduction, reproductionLine, skippedReproduction } from './core.ts';

export interface ReproPhaseOptions {
  /** Default: the tester model when the run binds the tester role to one. */
  writer?: TestWriter;
  /** The bug's own signature per finding; default: a marker printed by the failing assertion. */
  signatureFor?: (finding: Finding) => BugSignature;
}

export function createReproPhase(options: ReproPhaseOptions = {}) {
  return definePhase({
    name: 'repro',
    summary: 'generate and run a failing test per confirmed finding',
    reads: { referee: 'required', 'hunter-findings': 'required' },
    writes: ['reproductions'],
    roles: ['tester'],
    async run(ctx, { referee, 'hunter-findings': hunter }) {
      const findings = findingsToReproduce(referee, hunter);
      const reproductions: Reproduction[] = [];
      const settings = verifyOptionsFrom(ctx.options);
      const tester = modelFor(ctx, 'tester');
      const writer = options.writer ?? (tester ? modelTestWriter({ client: tester, root: ctx.target, signal: ctx.signal }) : undefined);
      for (const finding of findings) {
        if (!writer) {
          reproductions.push(skippedReproduction(finding));
          continue;
        }
        const signature = options.signatureFor?.(finding) ?? { marker: true };
        const backend = selectBackend({ backend: settings.sandboxBackend ?? 'auto', allowUnsandboxed: settings.allowUnsandboxed ?? false });
        const result = await reproduceFinding({ target: ctx.target, finding, signature, writer, backend, signal: ctx.signal, ...(settings.dependencies ? { dependencies: settings.dependencies } : {}) });
        const { proven } = result;
        const dir = proven ? promote(ctx.outDir, finding, proven.signature, proven) : undefined;
        const reproduction = recordedReproduction(result, dir ? { dir, command: `sh ${runScriptPath(ctx, dir)}` } : undefined);
        reproductions.push(reproduction);
        ctx.log.info(reproductionLine(reproduction));
        ctx.log.progress('repro', reproductions.length, findings.length);
      }
      return { reproductions: { reproductions } };
    },
  });
}

export const reproPhase = createReproPhase();
