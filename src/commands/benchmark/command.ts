// `bug-hunter benchmark`: the labelled benchmark (same as `pnpm benchmark`), scored and optionally gated.
import { BENCHMARK_USAGE, runBenchmark } from './cli.ts';
import type { Command } from '../kit/command.ts';

export const benchmarkCommand: Command = {
  name: 'benchmark',
  usage: BENCHMARK_USAGE.replace('Usage: pnpm benchmark', 'Usage: bug-hunter benchmark'),
  run: (argv, io) => runBenchmark(argv, io),
};
