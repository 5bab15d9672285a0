// Rule settings (--rule, config `rules`) applied to the joined findings: pure. What each setting does to its rule is
// ruleInForce's answer (src/engines/static/rule-in-force.ts, shared with `bug-hunter rules <target>`): a rule set to
// off reports nothing; a severity replaces the finding's (over the CVSS band and the referee's) and is kept visible as
// an override, except on a rule that is off by default (its findings stay as the referee dismissed them).
import type { ConfiguredSetting } from '../../artifacts/schemas/run-options.ts';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import type { Static } from '@sinclair/typebox';
import { ruleInForce } from '../static/rule-in-force.ts';

type Setting = Static<typeof ConfiguredSetting>;

/** The findings left once rules set to off are dropped, with severity overrides applied; how many each off rule hid. */
export function applyRuleSettings(findings: ReportedFinding[], settings: readonly Setting[] | undefined): { findings: ReportedFinding[]; hidden: Map<string, number> } {
  const byRule = new Map(
    (settings ?? []).filter((s) => s.applied && s.key.startsWith('rules.')).map((s) => [s.key.slice('rules.'.length), s] as const),
  );
  const hidden = new Map<string, number>();
  if (byRule.size === 0) return { findings, hidden };
  const kept: ReportedFinding[] = [];
  for (const f of findings) {
    const ruleId = f.finding.ruleId;
    const setting = ruleId ? byRule.get(ruleId) : undefined;
    if (!ruleId || !setting) {
      kept.push(f);
      continue;
    }
    const inForce = ruleInForce(ruleId, { setting: setting.value, where: setting.where });
    if (!inForce.on && inForce.by !== 'default') {
      hidden.set(`rules.${ruleId}`, (hidden.get(`rules.${ruleId}`) ?? 0) + 1);
      continue;
    }
    if (inForce.severity && inForce.severity !== f.severity) {
      f.severityOverride = { from: f.severity, source: setting.source, where: setting.where };
      f.severity = inForce.severity;
    }
    kept.push(f);
  }
  return { findings: kept, hidden };
}

/** "high (override: medium → high by --rule)" for the views. */
export function severityLabel(f: Pick<ReportedFinding, 'severity' | 'severityOverride'>): string {
  const o = f.severityOverride;
  return o ? `${f.severity} (override: ${o.from} → ${f.severity} by ${o.where})` : f.severity;
}

const WHOSE: Record<Setting['source'], string> = { repository: "the repository's", user: 'yours', flag: 'yours' };

/** One line per source for the summary and report.md: what was set, by whom, and what was set aside and why. */
export function settingsLines(settings: readonly Setting[] | undefined): string[] {
  const rows = settings ?? [];
  const lines: string[] = [];
  const groups = new Map<string, Setting[]>();
  for (const s of rows.filter((r) => r.applied)) {
    const label = `${WHOSE[s.source]} (${s.where})`;
    groups.set(label, [...(groups.get(label) ?? []), s]);
  }
  for (const [label, group] of groups) lines.push(`${label}: ${group.map((s) => `${s.key} ${s.value}`).join(', ')}`);
  const aside = rows.filter((r) => !r.applied && r.why !== 'a higher layer sets it');
  for (const s of aside) lines.push(`not applied: ${s.key} ${s.value} from ${WHOSE[s.source]} ${s.where} — ${s.why}`);
  return lines;
}
