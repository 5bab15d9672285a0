// pnpm benchmark: thin entry — parse args, run the benchmark, set the exit code. See src/benchmark/cli.ts.
import { runBenchmark } from '../src/benchmark/cli.ts';
import { exitCodeFor } from '../src/errors.ts';

const controller = new AbortController();
process.on('SIGINT', () => controller.abort(new Error('interrupted')));
const io = {
  stdout: (t: string) => void process.stdout.write(t),
  stderr: (t: string) => void process.stderr.write(t),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  signal: controller.signal,
};
try {
  process.exitCode = await runBenchmark(process.argv.slice(2), io);
} catch (error) {
  process.stderr.write(`benchmark: ${(error as Error).message}\n`);
  process.exitCode = exitCodeFor(error);
}
