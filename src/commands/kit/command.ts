// What a CLI command is: a name, its help (synopsis, prose, and the flag table its parseArgs reads, each flag with a
// one-line description), and a run function returning an exit code. `usage` is rendered from the help by
// kit/usage.ts, and docs/cli.md from the same help by scripts/docs/cli.ts. Its one-line summary lives in
// commands/index.ts, so `--help` lists commands without loading them.
import { renderUsage, type CommandHelp } from './usage.ts';

export type { CommandHelp, Flag, FlagTable } from './usage.ts';

export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  signal: AbortSignal;
}

export interface Command {
  name: string;
  help: CommandHelp;
  /** `bug-hunter <name> --help`, rendered from `help`. */
  usage: string;
  run(argv: string[], io: CommandIO): Promise<number>;
}

/** A command whose usage text is rendered from its help. */
export function defineCommand(command: Omit<Command, 'usage'>): Command {
  return { ...command, usage: renderUsage(command.help) };
}
