// The labels publish puts on an issue, and how it merges them with the labels already there: its own
// (bug-hunter, bug-hunter:<category>, priority:<level>) are kept current; everything a person or the fix queue
// added stays; the queue labels go on only when the issue is in no queue state yet.
import type { Severity } from '../../artifacts/schemas/common.ts';

export const BASE_LABEL = 'bug-hunter';
export const QUEUE_LABELS = ['nightshift', 'auto-ready'] as const;
// An issue carrying any of these is already in (or through) the fix queue: publish --queue does not re-queue it.
const QUEUE_STATES = new Set(['nightshift', 'auto-ready', 'auto-pr-ready', 'auto-failed']);

export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export function priorityOf(severity: Severity): Priority {
  return severity === 'info' ? 'low' : severity;
}

/** The labels a new issue for this finding gets. */
export function findingLabels(category: string, severity: Severity, queue: boolean): string[] {
  return [BASE_LABEL, `${BASE_LABEL}:${category}`, `priority:${priorityOf(severity)}`, ...(queue ? QUEUE_LABELS : [])];
}

function ours(label: string): boolean {
  return label === BASE_LABEL || label.startsWith(`${BASE_LABEL}:`) || label.startsWith('priority:');
}

/** Labels for an existing issue: ours replaced by the current ones, the rest kept in their order. */
export function mergeLabels(existing: readonly string[], category: string, severity: Severity, queue: boolean): string[] {
  const kept = existing.filter((l) => !ours(l));
  const requeue = queue && !existing.some((l) => QUEUE_STATES.has(l));
  return [...findingLabels(category, severity, false), ...kept, ...(requeue ? QUEUE_LABELS : [])];
}

export function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

const COLOURS: Record<string, string> = {
  [BASE_LABEL]: '5319e7',
  'priority:critical': 'b60205',
  'priority:high': 'd93f0b',
  'priority:medium': 'fbca04',
  'priority:low': 'c2e0c6',
  nightshift: '1d76db',
  'auto-ready': '0e8a16',
};

/** Colour and description for a label publish creates when the repository lacks it. */
export function labelStyle(name: string): { color: string; description: string } {
  const description = name === BASE_LABEL
    ? 'Filed by bug-hunter'
    : name.startsWith(`${BASE_LABEL}:`)
      ? `bug-hunter category ${name.slice(BASE_LABEL.length + 1)}`
      : name.startsWith('priority:')
        ? `Priority ${name.slice('priority:'.length)}`
        : name === 'nightshift'
          ? 'Queued for the bug-hunter fix queue'
          : 'Ready for an unattended fix';
  return { color: COLOURS[name] ?? 'ededed', description };
}
