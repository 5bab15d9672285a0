// Terminal lines for publish: one per planned action (what it would do on a dry run, what it did otherwise)
// and a closing count. Text from the repository is already escaped in the plan; main() makes it printable.
import type { PublishReport } from '../../artifacts/schemas/publish-report.ts';
import type { PublishAction } from './plan.ts';
import { whyOf } from './result.ts';

const VERB = { file: 'file', update: 'update', reopen: 'reopen', close: 'close', unchanged: 'leave' } as const;

function lineOf(action: PublishAction, done: string | null, filed: number | null = null): string {
  const number = action.kind === 'file' ? filed : action.issue.number;
  const issue = number === null ? '' : `#${number} `;
  const id = action.kind === 'file' || action.kind === 'update' || action.kind === 'reopen' ? action.draft.findingId : action.findingId;
  const what = action.kind === 'file' ? action.draft.title : action.kind === 'close' ? `as ${action.stateReason.replace('_', ' ')}: ${action.why}` : whyOf(action);
  return `  ${(done ?? VERB[action.kind]).padEnd(9)} ${issue}${id || '(unknown finding)'} — ${what}`;
}

export function renderPlan(actions: readonly PublishAction[], slug: string): string {
  const n = (kind: PublishAction['kind']) => actions.filter((a) => a.kind === kind).length;
  return [
    `Dry run for ${slug}: nothing is written.`,
    ...actions.map((a) => lineOf(a, null)),
    `Would file ${n('file')}, update ${n('update')}, reopen ${n('reopen')}, close ${n('close')}; ${n('unchanged')} left as they are.`,
    '',
  ].join('\n');
}

export function renderResult(actions: readonly PublishAction[], report: PublishReport, reportPath: string): string {
  const c = report.counts;
  const lines = actions.map((a, i) => {
    const entry = report.entries[i]!;
    return lineOf(a, entry.outcome === 'not-done' ? 'NOT DONE' : entry.outcome, entry.issue);
  });
  const filed = report.entries.filter((e) => e.outcome === 'filed').map((e) => `#${e.issue}`);
  return [
    `Published to ${report.repository}${report.labelsCreated.length ? ` (created labels: ${report.labelsCreated.join(', ')})` : ''}:`,
    ...lines,
    `Filed ${c.filed}${filed.length ? ` (${filed.join(', ')})` : ''}, updated ${c.updated}, reopened ${c.reopened}, closed ${c.closed}, unchanged ${c.unchanged}${c.notDone ? `, NOT DONE ${c.notDone}` : ''}. Recorded in ${reportPath}.`,
    '',
  ].join('\n');
}
