// pnpm benchmark: thin entry — parse args, run the benchmark, set the exit code. See scripts/bench/benchmark/cli.ts.
import { runBenchmark } from './benchmark/cli.ts';
import { runScriptEntry } from '../../src/cli/script-entry.ts';

await runScriptEntry('benchmark', (argv, io) => runBenchmark(argv, io));
