// What a scan does with one static rule under the rule settings (config "rules", --rule): the one answer both the
// scan's report (src/engines/report/rule-settings.ts) and `bug-hunter rules <target>` give. 'off' wins over
// everything; a severity applies to a rule that runs and does not switch on a rule that is off by default (the
// referee dismisses its findings, judge.ts); no setting leaves the rule at its default (ruleDefault). Pure.
import { SEVERITY_ORDER, type Severity } from '../../artifacts/schemas/common.ts';
import { getRule, ruleDefault } from './rules.ts';

/** A rule's setting as written, and where (the config file or --rule). */
export interface RuleSettingAt {
  setting: string;
  where: string;
}

export interface RuleInForce {
  /** Whether the scan reports the rule's findings. */
  on: boolean;
  /** A severity the settings give the rule's findings, over the CVSS band and the referee's. */
  severity?: Severity;
  /** Whose word it is: 'default' (the rule's measured default), or the file / --rule that set it. */
  by: string;
}

function isSeverity(value: string): value is Severity {
  return (SEVERITY_ORDER as readonly string[]).includes(value);
}

/** The rule `id` under its setting (undefined: none). A rule the engine does not know counts as on by default. */
export function ruleInForce(id: string, set: RuleSettingAt | undefined): RuleInForce {
  const rule = getRule(id);
  const defaultOn = rule ? ruleDefault(rule).on : true;
  if (!set) return { on: defaultOn, by: 'default' };
  if (set.setting === 'off') return { on: false, by: set.where };
  if (!defaultOn) return { on: false, by: 'default' };
  return isSeverity(set.setting) ? { on: true, severity: set.setting, by: set.where } : { on: true, by: 'default' };
}
