// Scores a SecBench.js run, pure: each case's outcome under the one definition of found (match.ts), per-class
// rows, and — for development cases only — the miss reason. Cases whose package did not fetch or whose pin does
// not hold are counted and left out of recall; a scan that did not complete counts as a miss.
import { sinkStatus, stillFlagged, type SinkStatus } from '../real-world/match.ts';
import type { ScanRecord } from '../real-world/score.ts';
import { SECBENCH_CLASSES, type SecbenchCase, type SecbenchClass, type Side } from './corpus.ts';
import { missReason, type MissLabel } from './misses.ts';
import type { PinFailure, SecbenchPin } from './pins.ts';

export interface SecbenchInput {
  case: SecbenchCase;
  side: Side;
  /** The vulnerable version fetched. */
  fetched: boolean;
  /** Undefined when not fetched. */
  pin?: SecbenchPin;
  vulnerable?: ScanRecord;
  fixed?: ScanRecord;
}

export type Excluded = 'not fetched' | PinFailure;

export interface SecbenchOutcome {
  case: SecbenchCase;
  side: Side;
  excluded?: Excluded;
  status?: SinkStatus;
  /** Cases with a fixed version whose fixed scan completed: whether it is still flagged. */
  fixed?: 'flagged' | 'clean' | 'unmeasured';
  /** Flagged, a development case, and incomplete-fixes.json shows its fix incomplete: a true finding, counted apart. */
  fixShownIncomplete?: true;
  /** Development misses only. */
  miss?: MissLabel;
}

export interface SecbenchClassRow {
  class: SecbenchClass;
  cases: number;
  excluded: number;
  measured: number;
  found: number;
  seen: number;
  withFixed: number;
  stillFlagged: number;
  /** Of stillFlagged, the development cases whose fix an exploit shows incomplete. */
  shownIncomplete: number;
}

/** `shownIncomplete`: development case ids with evidence in incomplete-fixes.json; never applied to a held-out case. */
export function scoreSecbenchCase(input: SecbenchInput, shownIncomplete: ReadonlySet<string> = new Set()): SecbenchOutcome {
  const { case: c, side } = input;
  if (!input.fetched || !input.pin) return { case: c, side, excluded: 'not fetched' };
  if (!input.pin.ok) return { case: c, side, excluded: input.pin.why };
  const pin = input.pin;
  const complete = input.vulnerable?.status === 'complete';
  const status: SinkStatus = complete ? sinkStatus(input.vulnerable!.findings, [pin.vulnerable], c.class) : 'missed';
  const fixedMeasured = c.fixedVersion !== null && pin.fixed !== undefined && input.fixed?.status === 'complete';
  const fixed = c.fixedVersion === null ? undefined : fixedMeasured ? (stillFlagged(input.fixed!.findings, [pin.fixed!], c.class) ? 'flagged' : 'clean') : 'unmeasured';
  const miss = side === 'dev' && status !== 'found' ? missReason(input.vulnerable, { ...pin.vulnerable, line: c.sink.line }, c.class) : undefined;
  const apart = fixed === 'flagged' && side === 'dev' && shownIncomplete.has(c.id);
  return { case: c, side, status, ...(fixed ? { fixed } : {}), ...(apart ? { fixShownIncomplete: true as const } : {}), ...(miss ? { miss } : {}) };
}

/** Per-class rows (only classes with cases), then an 'all' total is the caller's sum. */
export function classRows(outcomes: readonly SecbenchOutcome[]): SecbenchClassRow[] {
  return SECBENCH_CLASSES.flatMap((cls): SecbenchClassRow[] => {
    const rows = outcomes.filter((o) => o.case.class === cls);
    if (rows.length === 0) return [];
    return [
      {
        class: cls,
        cases: rows.length,
        excluded: rows.filter((o) => o.excluded).length,
        measured: rows.filter((o) => !o.excluded).length,
        found: rows.filter((o) => o.status === 'found').length,
        seen: rows.filter((o) => o.status === 'seen').length,
        withFixed: rows.filter((o) => o.fixed === 'flagged' || o.fixed === 'clean').length,
        stillFlagged: rows.filter((o) => o.fixed === 'flagged').length,
        shownIncomplete: rows.filter((o) => o.fixShownIncomplete).length,
      },
    ];
  });
}

export function totalRow(rows: readonly SecbenchClassRow[]): Omit<SecbenchClassRow, 'class'> {
  const sum = (k: keyof Omit<SecbenchClassRow, 'class'>) => rows.reduce((s, r) => s + r[k], 0);
  return {
    cases: sum('cases'),
    excluded: sum('excluded'),
    measured: sum('measured'),
    found: sum('found'),
    seen: sum('seen'),
    withFixed: sum('withFixed'),
    stillFlagged: sum('stillFlagged'),
    shownIncomplete: sum('shownIncomplete'),
  };
}
