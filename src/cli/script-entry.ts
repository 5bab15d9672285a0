// The shell of a `pnpm <script>` entry: real stdout/stderr, Ctrl-C as an abort signal, the exit code from
// the run or from the error it threw. Scripts stay one line; their logic lives in src/.
import type { CommandIO } from './command.ts';
import { classifyThrown } from '../errors.ts';

export async function runScriptEntry(name: string, run: (argv: string[], io: CommandIO) => Promise<number>): Promise<void> {
  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort(new Error('interrupted')));
  const io: CommandIO = {
    stdout: (t: string) => void process.stdout.write(t),
    stderr: (t: string) => void process.stderr.write(t),
    cwd: process.env.INIT_CWD ?? process.cwd(),
    signal: controller.signal,
  };
  try {
    process.exitCode = await run(process.argv.slice(2), io);
  } catch (error) {
    const outcome = classifyThrown(error);
    process.stderr.write(`${name}: ${outcome.message}\n`);
    process.exitCode = outcome.exitCode;
  }
}
