// publish-report.json from the plan and what happened to each action. Pure.
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import type { PublishEntry, PublishReport } from '../../artifacts/schemas/publish-report.ts';
import { stamp, type BodyOf } from '../../artifacts/stamp.ts';
import type { PublishAction } from './plan.ts';

export type Outcome = { done: true; issue: { number: number; url: string } | null } | { done: false };

const DONE = { file: 'filed', update: 'updated', reopen: 'reopened', close: 'closed', unchanged: 'unchanged' } as const;

export function entryOf(action: PublishAction, outcome: Outcome): PublishEntry {
  const fingerprint = action.kind === 'file' || action.kind === 'update' || action.kind === 'reopen' ? action.draft.fingerprint : action.fingerprint;
  const findingId = action.kind === 'file' || action.kind === 'update' || action.kind === 'reopen' ? action.draft.findingId : action.findingId;
  const known = action.kind === 'file' ? (outcome.done ? outcome.issue : null) : action.issue;
  const entry: PublishEntry = {
    outcome: outcome.done ? DONE[action.kind] : 'not-done',
    planned: action.kind,
    fingerprint,
    findingId,
    issue: known?.number ?? null,
    url: known?.url ?? null,
    why: whyOf(action),
  };
  if (action.kind === 'close') entry.stateReason = action.stateReason;
  if (action.kind === 'update') entry.changed = action.changed;
  return entry;
}

export function whyOf(action: PublishAction): string {
  switch (action.kind) {
    case 'file':
      return 'confirmed finding without an issue';
    case 'update':
      return `issue out of date (${action.changed.join(', ')})`;
    case 'reopen':
      return 'found again after its issue was closed as completed';
    case 'close':
    case 'unchanged':
      return action.why;
  }
}

export interface ReportParts {
  run: RunIdentity;
  repository: string;
  apiUrl: string;
  queue: boolean;
  labelsCreated: string[];
  entries: PublishEntry[];
  error?: string;
  now?: Date;
}

export function publishReportOf(parts: ReportParts): PublishReport {
  const count = (o: PublishEntry['outcome']) => parts.entries.filter((e) => e.outcome === o).length;
  const body: BodyOf<'publish-report'> = {
    repository: parts.repository,
    apiUrl: parts.apiUrl,
    queue: parts.queue,
    status: parts.error === undefined ? 'complete' : 'failed',
    labelsCreated: parts.labelsCreated,
    entries: parts.entries,
    counts: { filed: count('filed'), updated: count('updated'), reopened: count('reopened'), closed: count('closed'), unchanged: count('unchanged'), notDone: count('not-done') },
  };
  if (parts.error !== undefined) body.error = parts.error;
  return stamp('publish-report', body, parts.run, (parts.now ?? new Date()).toISOString());
}
