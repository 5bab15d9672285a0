// `bug-hunter dismiss <id> [target] --reason "…"`: records a person's dismissal by fingerprint in
// <target>/.bug-hunter/suppressions.json (commit it), so the bug is never reported again, even after the code moves.
import { readArtifactIfPresent } from '../artifacts/store.ts';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { dismiss } from '../engines/suppress/dismiss.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';

const OPTIONS = {
  reason: { type: 'string', arg: '<text>', description: 'required' },
  out: common('out', 'artifact folder holding scan-report.json (default <target>/.bug-hunter)'),
  json: common('json', 'print the recorded entry as JSON'),
} as const;

export const dismissCommand: Command = defineCommand({
  name: 'dismiss',
  help: {
    synopsis: ['bug-hunter dismiss <id> [target] --reason "why this is not a bug"'],
    about: `<id> is a finding id from 'bug-hunter report list' (or its fingerprint). The fingerprint, the reason, who
(git user) and when are written to <target>/.bug-hunter/suppressions.json; commit that file. Dismissing the
same finding again replaces the reason. Reverse with 'bug-hunter undismiss <fingerprint>'.`,
    sections: [{ flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('dismiss', argv, OPTIONS);
    const [ref, targetArg, ...extra] = positionals;
    if (!ref) throw new UsageError(`Name a finding: bug-hunter dismiss <id> [target] --reason "…".`);
    if (extra.length > 0) throw new UsageError(`Too many arguments: ${extra.join(' ')}. Quote the reason: --reason "…".`);
    if (!values.reason?.trim()) throw new UsageError(`A reason is required: bug-hunter dismiss ${ref} --reason "why this is not a bug".`);
    const target = resolveTarget(targetArg, io.cwd);
    const report = readArtifactIfPresent(resolveOutDir(target, values.out, io.cwd), 'scan-report');
    const { entry, replaced } = await dismiss({ target, ref, reason: values.reason, ...(report ? { report } : {}) });
    if (values.json) {
      io.stdout(`${JSON.stringify(entry, null, 2)}\n`);
    } else {
      const what = entry.findingId ? `${entry.findingId} (fingerprint ${entry.fingerprint})` : `fingerprint ${entry.fingerprint}`;
      io.stdout(
        `${replaced ? 'Updated the dismissal of' : 'Dismissed'} ${what} — "${entry.reason}" (${entry.by}).\n` +
          `Recorded in ${target}/.bug-hunter/suppressions.json; commit it. Reverse with 'bug-hunter undismiss ${entry.fingerprint}'.\n`,
      );
    }
    return ExitCode.ok;
  },
});
