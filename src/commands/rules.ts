// `bug-hunter rules`: every static rule with its class, CWE, languages and measured precision, so "no rule"
// is never read as "no bug"; with a target (or --rule / --config) also whether a scan there would report each rule,
// and whose word that is (the repository's config, the user's, --config, --rule). Reads rule data and config only.
import { resolve } from 'node:path';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { CONFIRM_MIN_PRECISION, listRules, ruleInForce, STATIC_LANGUAGES, type RuleInForce } from '../engines/static/index.ts';
import { loadConfig } from '../engines/config/load.ts';
import type { ScanSettings } from '../engines/config/scan-settings.ts';
import { scanSettingsOf } from '../driver/scan-settings.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';
import { MODEL_FLAGS } from './kit/model-flags.ts';

const OPTIONS = {
  json: common('json', 'print the rules as JSON'),
  config: MODEL_FLAGS.config,
  rule: {
    type: 'string',
    multiple: true,
    arg: '<id>=<s>',
    description: "as for scan: show the rule off (<id>=off) or with this severity in the 'here' column (repeatable)",
  },
  'no-repo-suppressions': { type: 'boolean', description: "as for scan: leave the repository's config \"rules\" out of the 'here' column" },
} as const;

export const rulesCommand: Command = defineCommand({
  name: 'rules',
  help: {
    synopsis: ['bug-hunter rules [<target>] [--rule <id>=<s>]... [--config <file>] [--no-repo-suppressions] [--json]'],
    about: `Lists every rule of the embedded static engine: id, class (category), CWE, languages, whether a default
scan reports it and why, the raw measured counts (true positives / judged findings, over the labelled fixtures,
the bundled example and the judged real-world findings) and, labelled as such, the smoothed precision the
referee uses — (true positives + ½) / (judged + 1). A rule is off by default when its raw precision is below
0.5 on 10 or more judged findings; the reason says how many of them were judged on real packages. With a <target> (or --rule / --config), a 'here' column says what a scan of
that target would do with each rule after the config files ("rules": the repository's, yours, --config) and
--rule, and whose word it is. A bug class without a rule here is not looked for by the static engine; configure
a model to hunt for it.`,
    sections: [{ flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('rules', argv, OPTIONS);
    if (positionals.length > 1) throw new UsageError(`rules takes at most one target (got ${positionals.join(' ')}).`);
    const rules = listRules();
    const withTarget = positionals.length === 1 || values.config !== undefined || (values.rule?.length ?? 0) > 0;
    const here = withTarget ? settingsHere(resolve(io.cwd, positionals[0] ?? '.'), values, io.cwd) : undefined;
    // What a scan under these settings does with the rule: the scan's own answer (ruleInForce), shared with the report.
    const inForce = (id: string) => ruleInForce(id, here?.rules.get(id));
    if (values.json) {
      io.stdout(`${JSON.stringify(rules.map((r) => ({ ...r, languages: STATIC_LANGUAGES, ...(here ? { here: inForce(r.id) } : {}) })), null, 2)}\n`);
      return ExitCode.ok;
    }
    const rows = rules.map((r) => [
      r.id,
      r.category,
      r.cwe ?? '—',
      STATIC_LANGUAGES.join(', '),
      r.defaultOn ? 'on' : 'off',
      ...(here ? [describeHere(inForce(r.id))] : []),
      `${r.truePositives}/${r.truePositives + r.falsePositives}`,
      r.precision.toFixed(3),
      r.defaultWhy,
    ]);
    const head = ['rule', 'class', 'CWE', 'languages', 'default', ...(here ? ['here'] : []), 'raw tp/judged', 'smoothed precision', 'why on or off'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
    const off = rules.filter((r) => !r.defaultOn).length;
    const offHere = here ? rules.filter((r) => !inForce(r.id).on).length : undefined;
    io.stdout(
      `${[line(head), ...rows.map(line)].join('\n')}\n${rules.length} rules, ${off} off by default${offHere !== undefined ? `, ${offHere} off here` : ''}. smoothed precision = (tp + ½) / (judged + 1), the figure the referee compares with ${CONFIRM_MIN_PRECISION}.\n`,
    );
    return ExitCode.ok;
  },
});

function settingsHere(target: string, values: { config?: string; rule?: string[]; 'no-repo-suppressions'?: boolean }, cwd: string): ScanSettings {
  const config = loadConfig(target, values.config ? { path: resolve(cwd, values.config) } : {});
  return scanSettingsOf({ config, target, ignoreRepository: Boolean(values['no-repo-suppressions']), flags: values.rule ? { rules: values.rule } : {} });
}

function describeHere(h: RuleInForce): string {
  const state = h.on ? (h.severity ? `on, ${h.severity}` : 'on') : 'off';
  return h.by === 'default' ? state : `${state} (${h.by})`;
}
