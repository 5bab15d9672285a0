// Renders a SecBench.js run as plain text, pure. The development part shows everything (per-class figures,
// the miss-reason table, and with --show-misses one row per miss). The held-out part goes through
// heldOutCounts first, which keeps per-class counts and nothing else — no case id, package, file, finding or
// miss reason can reach its text.
import { SINK_LINE_TOLERANCE } from '../real-world/match.ts';
import { MISS_REASONS } from './misses.ts';
import { classRows, totalRow, type SecbenchClassRow, type SecbenchOutcome } from './score.ts';

const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const lpad = (s: string | number, n: number): string => String(s).padStart(n);
const rate = (a: number, b: number): string => (b === 0 ? '-' : (a / b).toFixed(2));

/** What a held-out run may show: counts per class, nothing that names a case. */
export interface HeldOutCounts {
  rows: SecbenchClassRow[];
}

export function heldOutCounts(outcomes: readonly SecbenchOutcome[]): HeldOutCounts {
  return { rows: classRows(outcomes.filter((o) => o.side === 'held-out')) };
}

function table(rows: readonly SecbenchClassRow[]): string[] {
  const out = [`${pad('class', 22)}${lpad('cases', 6)}${lpad('left out', 9)}${lpad('found', 7)}${lpad('recall', 8)}${lpad('seen', 6)}${lpad('fixed', 7)}${lpad('still flagged', 15)}`];
  const line = (name: string, r: Omit<SecbenchClassRow, 'class'>) =>
    `${pad(name, 22)}${lpad(r.cases, 6)}${lpad(r.excluded, 9)}${lpad(r.found, 7)}${lpad(rate(r.found, r.measured), 8)}${lpad(r.seen, 6)}${lpad(r.withFixed, 7)}${lpad(`${r.stillFlagged} (${rate(r.stillFlagged, r.withFixed)})`, 15)}`;
  for (const r of rows) out.push(line(r.class, r));
  out.push(line('all', totalRow(rows)));
  return out;
}

const LEGEND = [
  `recall = found / (cases - left out). found: a reported finding (confirmed T1/T2) of the class within ${SINK_LINE_TOLERANCE} lines of the sink line;`,
  'seen: only a manual-review candidate there (not found); left out: not fetched, or the pin does not hold;',
  "fixed: cases with a fixed version measured; still flagged: a reported finding of the class in the sink's function of the fixed version (the file if the function is gone).",
];

export function formatHeldOut(counts: HeldOutCounts, title = 'SecBench.js held-out part (per-class counts only; never look at its misses)'): string {
  if (counts.rows.length === 0) return `${title.replace(/ \(.*$/, '')}: no cases selected.\n`;
  return `${[`${title}:`, '', ...table(counts.rows), '', ...LEGEND].join('\n')}\n`;
}

export function formatDev(outcomes: readonly SecbenchOutcome[], options: { showMisses?: boolean } = {}): string {
  const dev = outcomes.filter((o) => o.side === 'dev');
  if (dev.length === 0) return 'SecBench.js development part: no cases selected.\n';
  const rows = classRows(dev);
  const total = totalRow(rows);
  const out = [
    'SecBench.js development part:',
    '',
    ...table(rows),
    '',
    `fixed versions still flagged ${total.stillFlagged}/${total.withFixed} (${rate(total.stillFlagged, total.withFixed)}); of which the fix is shown incomplete (evidence in incomplete-fixes.json): ${total.shownIncomplete}; without them ${total.stillFlagged - total.shownIncomplete}/${total.withFixed} (${rate(total.stillFlagged - total.shownIncomplete, total.withFixed)})`,
    '',
  ];
  const excluded = dev.filter((o) => o.excluded);
  if (excluded.length > 0) {
    const why = new Map<string, number>();
    for (const o of excluded) why.set(o.excluded!, (why.get(o.excluded!) ?? 0) + 1);
    out.push(`left out: ${[...why].map(([w, n]) => `${n} ${w}`).join(', ')}`, '');
  }
  const misses = dev.filter((o) => o.miss);
  out.push(`Why the ${misses.length} development miss(es) were missed:`);
  out.push(`${pad('reason', 24)}${rows.map((r) => lpad(r.class, r.class.length + 2)).join('')}${lpad('all', 6)}`);
  for (const reason of MISS_REASONS) {
    const of = misses.filter((o) => o.miss!.reason === reason);
    if (of.length === 0) continue;
    out.push(`${pad(reason, 24)}${rows.map((r) => lpad(of.filter((o) => o.case.class === r.class).length, r.class.length + 2)).join('')}${lpad(of.length, 6)}`);
  }
  if (options.showMisses) {
    out.push('', 'Misses (development part):');
    for (const o of [...misses].sort((a, b) => a.case.class.localeCompare(b.case.class) || a.miss!.reason.localeCompare(b.miss!.reason) || a.case.id.localeCompare(b.case.id))) {
      out.push(`  ${pad(o.case.class, 20)}${pad(o.miss!.reason, 22)}${o.case.id} ${o.case.sink.file}:${o.case.sink.line} — ${o.miss!.detail}`);
    }
    const flagged = dev.filter((o) => o.fixed === 'flagged');
    if (flagged.length > 0) out.push('', `Fixed versions still flagged (development part): ${flagged.map((o) => `${o.case.id} (fixed ${o.case.fixedVersion}${o.fixShownIncomplete ? ', fix shown incomplete' : ''})`).join(', ')}`);
  }
  out.push('', ...LEGEND);
  return `${out.join('\n')}\n`;
}
