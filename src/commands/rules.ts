// `bug-hunter rules`: every static rule with its class, CWE, languages and measured precision, so "no rule"
// is never read as "no bug". Reads the rule data only; no target, no artifacts.
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { listRules, STATIC_LANGUAGES } from '../engines/static/index.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';

const OPTIONS = {
  json: common('json', 'print the rules as JSON'),
} as const;

export const rulesCommand: Command = defineCommand({
  name: 'rules',
  help: {
    synopsis: ['bug-hunter rules [--json]'],
    about: `Lists every rule of the embedded static engine: id, class (category), CWE, languages, and calibrated
precision — (true positives + ½) / (measured + 1) over the labelled fixtures, the bundled example and the
judged real-world findings (the counts are shown). A bug class without a rule here is not looked for by
the static engine; configure a model to hunt for it.`,
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
    const rows = rules.map((r) => [r.id, r.category, r.cwe ?? '—', STATIC_LANGUAGES.join(', '), `${r.precision.toFixed(3)} (${r.truePositives}/${r.truePositives + r.falsePositives})`]);
    const head = ['rule', 'class', 'CWE', 'languages', 'precision (tp/measured)'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
    io.stdout(`${[line(head), ...rows.map(line)].join('\n')}\n${rules.length} rules.\n`);
    return ExitCode.ok;
  },
});
