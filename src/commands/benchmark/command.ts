// `bug-hunter benchmark`: the labelled benchmark (same as `pnpm benchmark`), scored and optionally gated.
import { benchmarkHelp, runBenchmark } from './cli.ts';
import { defineCommand } from '../kit/command.ts';

export const benchmarkCommand = defineCommand({
  name: 'benchmark',
  help: benchmarkHelp('bug-hunter benchmark [flags]'),
  run: (argv, io) => runBenchmark(argv, io),
});
