// The fixer phase (only with --fix): each executable scope entry is fixed in a git worktree from the base commit,
// proven in the sandbox, re-proven on the current head of the base branch, and with --auto-commit committed to a
// NEW branch (fix-queue.ts). The user's working tree is never written. Returns fix-report.json's body; report.md gains its fixes section.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../artifacts/store.ts';
import type { FixReport } from '../../artifacts/schemas/fix.ts';
import { definePhase } from '../../phase-kit/define-phase.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import { emptyScope, reportWithFixes } from './core.ts';
import { fixQueue, type FixerDeps } from './fix-queue.ts';

export type { FixerDeps };

export function createFixerPhase(deps: FixerDeps = {}) {
  return definePhase({
    name: 'fixer',
    summary: 'apply scoped fixes with red-to-green proof',
    reads: { 'fix-plan': 'required', 'fix-strategy': 'required', 'scan-report': 'required', 'fixer-scope': 'optional' },
    writes: ['fix-report'],
    roles: ['fixer'],
    // report.md is a view: when the report phase wrote one, it gains (or refreshes) its fixes section.
    views: [{ file: 'report.md', render: (written, outDir) => written['fix-report'] && reportWithFixes(reportMarkdown(outDir), written['fix-report']) }],
    async run(ctx, inputs) {
      // Nothing executable means no scope was granted: every finding is reported as manual-review or skipped.
      const granted = inputs['fixer-scope'] ?? (inputs['fix-plan'].canary.length + inputs['fix-plan'].waves.length > 0 ? readArtifact(ctx.outDir, 'fixer-scope') : emptyScope(ctx.identity));
      return { 'fix-report': await fixQueue(ctx, deps, inputs['fix-plan'], inputs['fix-strategy'], inputs['scan-report'], granted) };
    },
  });
}

export const fixerPhase = createFixerPhase();

/** Runs the fixer phase and returns fix-report.json as written. */
export async function runFixer(ctx: PhaseContext, deps: FixerDeps = {}): Promise<FixReport> {
  return (await createFixerPhase(deps).run(ctx))['fix-report'] as FixReport;
}

function reportMarkdown(outDir: string): string | undefined {
  const path = join(outDir, 'report.md');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
