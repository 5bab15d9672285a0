// The `bug-hunter phase …` command lines a refused `phase <name>` prints, one per phase to run: the target, --out
// and every other flag as the user gave them, less the flags only another phase takes (--advisories …).
import type { parseArgs } from 'node:util';
import { shellQuote } from '../../engines/report/findings.ts';
import type { OptIn } from '../../phase-kit/types.ts';
import { findPhase } from '../../driver/registry.ts';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** Flags `phase` accepts for one phase only, by the opt-in that names that phase (phase.ts refuses them with any other). */
export const ONLY_FOR: Readonly<Record<string, OptIn>> = { advisories: 'depScan', registry: 'depScan', leads: 'leads' };

/** `bug-hunter phase <phase> <the rest of the command as given>`, for each phase in order. */
export function phaseCommandLines(phases: readonly string[], tokens: readonly Token[]): string[] {
  return phases.map((phase) => {
    const parts = ['bug-hunter', 'phase'];
    let named = false;
    for (const token of tokens) {
      if (token.kind === 'positional') {
        parts.push(named ? shellQuote(token.value) : phase);
        named = true;
      } else if (token.kind === 'option-terminator') {
        parts.push('--');
      } else if (!ONLY_FOR[token.name] || ONLY_FOR[token.name] === findPhase(phase)?.optIn) {
        parts.push(token.rawName.startsWith('--') ? token.rawName : `--${token.name}`);
        if (token.value !== undefined) parts.push(shellQuote(token.value));
      }
    }
    return parts.join(' ');
  });
}
