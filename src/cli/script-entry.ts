// The shell of a `pnpm <script>` entry: the process shell of the CLI (real stdout/stderr, Ctrl-C or SIGTERM as an
// abort signal, the exit code from the run or from the error it threw, once the output is out). Entries stay one
// line; their logic lives beside them in scripts/<purpose>/ (maintainer tooling) or in src/.
import type { CommandIO } from '../commands/kit/command.ts';
import { runInProcessShell } from './process-shell.ts';

export function runScriptEntry(name: string, run: (argv: string[], io: CommandIO) => Promise<number>): void {
  runInProcessShell((io) => run(process.argv.slice(2), io), { name, cwd: process.env.INIT_CWD ?? process.cwd() });
}
