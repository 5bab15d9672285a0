// `bug-hunter rules`: every static rule with its class, CWE, languages and measured precision, so "no rule"
// is never read as "no bug". Reads the rule data only; no target, no artifacts.
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { CONFIRM_MIN_PRECISION, listRules, STATIC_LANGUAGES } from '../engines/static/index.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';

const OPTIONS = {
  json: common('json', 'print the rules as JSON'),
} as const;

export const rulesCommand: Command = defineCommand({
  name: 'rules',
  help: {
    synopsis: ['bug-hunter rules [--json]'],
    about: `Lists every rule of the embedded static engine: id, class (category), CWE, languages, whether a default
scan reports it and why, the raw measured counts (true positives / judged findings, over the labelled fixtures,
the bundled example and the judged real-world findings) and, labelled as such, the smoothed precision the
referee uses — (true positives + ½) / (judged + 1). A rule is off by default when its raw precision is below
0.5 on 10 or more judged findings. A bug class without a rule here is not looked for by the static engine;
configure a model to hunt for it.`,
    sections: [{ flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('rules', argv, OPTIONS);
    if (positionals.length > 0) throw new UsageError(`rules takes no arguments (got ${positionals.join(' ')}).`);
    const rules = listRules();
    if (values.json) {
      io.stdout(`${JSON.stringify(rules.map((r) => ({ ...r, languages: STATIC_LANGUAGES })), null, 2)}\n`);
      return ExitCode.ok;
    }
    const rows = rules.map((r) => [r.id, r.category, r.cwe ?? '—', STATIC_LANGUAGES.join(', '), r.defaultOn ? 'on' : 'off', `${r.truePositives}/${r.truePositives + r.falsePositives}`, r.precision.toFixed(3), r.defaultWhy]);
    const head = ['rule', 'class', 'CWE', 'languages', 'default', 'raw tp/judged', 'smoothed precision', 'why on or off'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
    const off = rules.filter((r) => !r.defaultOn).length;
    io.stdout(`${[line(head), ...rows.map(line)].join('\n')}\n${rules.length} rules, ${off} off by default. smoothed precision = (tp + ½) / (judged + 1), the figure the referee compares with ${CONFIRM_MIN_PRECISION}.\n`);
    return ExitCode.ok;
  },
});
