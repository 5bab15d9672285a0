// What a CLI command is: a name, one line of help, full help text, and a run function returning an exit code.

export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  signal: AbortSignal;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CommandIO): Promise<number>;
}
