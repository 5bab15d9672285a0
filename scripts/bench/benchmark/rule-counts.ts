// The measured counts a rule's file records (src/engines/static/rules/<rule-id>/rule.ts: truePositives,
// falsePositives, onRealCode), read and rewritten as text (pure), and the rules whose recorded counts differ from a
// fresh count: what `static-precision.ts --write` would change, which `--stale` reports and the quality gate fails on.

export interface RuleCounts {
  truePositives: number;
  falsePositives: number;
  /** How many of the judged findings are on real packages; 0 when the file records none. */
  onRealCode: number;
}

export interface StaleRule {
  ruleId: string;
  recorded: RuleCounts;
  measured: RuleCounts;
}

const field = (text: string, key: string): number | null => {
  const m = new RegExp(`\\b${key}: (\\d+),`).exec(text);
  return m ? Number(m[1]) : null;
};

/** The counts a rule file records, or null when it records none. */
export function recordedCounts(text: string): RuleCounts | null {
  const truePositives = field(text, 'truePositives');
  const falsePositives = field(text, 'falsePositives');
  if (truePositives === null || falsePositives === null) return null;
  return { truePositives, falsePositives, onRealCode: field(text, 'onRealCode') ?? 0 };
}

/** The rule file's text with `counts` recorded (onRealCode written beside the counts only when there is one). */
export function withCounts(text: string, counts: RuleCounts): string {
  let out = text;
  out = out.replace(/(\btruePositives: )\d+,/, `$1${counts.truePositives},`);
  out = out.replace(/(\bfalsePositives: )\d+,/, `$1${counts.falsePositives},`);
  if (/\bonRealCode: \d+,/.test(out)) out = out.replace(/(\bonRealCode: )\d+,/, `$1${counts.onRealCode},`);
  else if (counts.onRealCode > 0) out = out.replace(/(\bfalsePositives: \d+,)/, `$1 onRealCode: ${counts.onRealCode},`);
  return out;
}

/** The rules whose recorded counts are not the measured ones, by rule id. A rule file recording none counts as 0/0. */
export function staleCounts(recorded: ReadonlyMap<string, RuleCounts | null>, measured: ReadonlyMap<string, RuleCounts>): StaleRule[] {
  const stale: StaleRule[] = [];
  for (const [ruleId, now] of [...measured].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const was = recorded.get(ruleId) ?? { truePositives: 0, falsePositives: 0, onRealCode: 0 };
    if (was.truePositives !== now.truePositives || was.falsePositives !== now.falsePositives || was.onRealCode !== now.onRealCode) stale.push({ ruleId, recorded: was, measured: now });
  }
  return stale;
}

/** One line per stale rule: `rule  tp/fp (on real code) recorded → measured`. */
export function describeStale(rule: StaleRule): string {
  const show = (c: RuleCounts) => `tp=${c.truePositives} fp=${c.falsePositives}${c.onRealCode ? ` onRealCode=${c.onRealCode}` : ''}`;
  return `${rule.ruleId.padEnd(30)} recorded ${show(rule.recorded)} → measured ${show(rule.measured)}`;
}
