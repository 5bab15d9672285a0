// `bug-hunter undismiss <fingerprint> [target]`: removes a dismissal from suppressions.json; the finding is reported again.
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { resolveTarget } from '../engines/run/target.ts';
import { undismiss } from '../engines/suppress/dismiss.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';

const OPTIONS = {
  json: common('json', 'print the removed entry as JSON'),
} as const;

export const undismissCommand: Command = defineCommand({
  name: 'undismiss',
  help: {
    synopsis: ['bug-hunter undismiss <fingerprint> [target]'],
    about: 'Removes the entry for <fingerprint> (or the finding id recorded with it) from <target>/.bug-hunter/suppressions.json.',
    sections: [{ flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('undismiss', argv, OPTIONS);
    const [ref, targetArg, ...extra] = positionals;
    if (!ref) throw new UsageError('Name a fingerprint: bug-hunter undismiss <fingerprint> [target].');
    if (extra.length > 0) throw new UsageError(`Too many arguments: ${extra.join(' ')}.`);
    const target = resolveTarget(targetArg, io.cwd);
    const removed = await undismiss(target, ref);
    io.stdout(
      values.json
        ? `${JSON.stringify(removed, null, 2)}\n`
        : `Undismissed ${removed.findingId ?? removed.fingerprint} (fingerprint ${removed.fingerprint}); it was dismissed by ${removed.by} on ${removed.at.slice(0, 10)}: "${removed.reason}". It will be reported again.\n`,
    );
    return ExitCode.ok;
  },
});
