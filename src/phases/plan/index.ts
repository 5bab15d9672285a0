// The adaptive plan phase (no model): from triage.json, picks profile, execution mode and limits from the
// modes/ data, lets explicit caller limits win, and returns adaptive-plan.json's body.
import { definePhase } from '../../phase-kit/define-phase.ts';
import { checkTriageScope, choosePlan } from './core.ts';
import { DEFAULT_MODES_DIR, loadModes } from '../../engines/modes/load.ts';

export const planPhase = definePhase({
  name: 'plan',
  summary: 'choose profile, execution mode and limits',
  reads: { triage: 'required' },
  writes: ['adaptive-plan'],
  roles: [],
  async run(ctx, { triage }) {
    ctx.signal.throwIfAborted();
    const modes = loadModes(DEFAULT_MODES_DIR);
    checkTriageScope(triage.includeTests, ctx.scope.includeTests);
    ctx.log.progress('plan', 0, 1);
    const body = choosePlan({ chunks: triage.chunks, chunkTokenBudget: triage.totals.chunkTokenBudget, options: ctx.options, modes });
    ctx.log.progress('plan', 1, 1, `${body.profile}, ${body.mode}, ${body.chunkOrder.length} chunk(s)`);
    return { 'adaptive-plan': body };
  },
});

