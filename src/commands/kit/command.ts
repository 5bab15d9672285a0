// What a CLI command is: a name, full help text, and a run function returning an exit code (its one-line
// summary lives in commands/index.ts, so `--help` lists commands without loading them).

export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  signal: AbortSignal;
}

export interface Command {
  name: string;
  usage: string;
  run(argv: string[], io: CommandIO): Promise<number>;
}
