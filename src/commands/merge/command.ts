// `bug-hunter merge <run folders…> --out <dir>`: joins the run folders of `scan --shard i/n` into one run folder
// (scan-report.json, report.md, report.sarif, coverage.json), refusing shards that do not make one whole scan.
import { mkdirSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { hasArtifact } from '../../artifacts/store.ts';
import { UsageError } from '../../foundations/errors.ts';
import { decideExit } from '../../engines/report/exit-decision.ts';
import { printableDeep } from '../../engines/report/printable.ts';
import { newRunId } from '../../engines/run/identity.ts';
import { acquireRunLock } from '../../engines/run/lock.ts';
import { checkShards, mergeShards } from './merge.ts';
import { readShardRun, shardFolder, writeMergedRun } from './run-folders.ts';
import { common, parseCommandArgs } from '../kit/args.ts';
import { defineCommand, type Command } from '../kit/command.ts';
import { summariseScan } from '../kit/summary.ts';
import { appendStepSummary } from '../../engines/terminal/step-summary.ts';

const OPTIONS = {
  out: common('out', 'where the merged run is written (required; not one of the shard folders)'),
  'allow-uncovered': { type: 'boolean', description: 'exit 0 even when nothing was checked or in-scope files had no scanner (as for scan)' },
  'require-coverage': { type: 'boolean', description: 'exit 3 when in-scope files are in a language no configured engine reads (as for scan)' },
  'fail-on-review': { type: 'boolean', description: "manual-review findings at or above the shards' --fail-on also exit 1 (as for scan)" },
  json: common('json', 'print the merge result as one JSON document'),
} as const;

export const mergeCommand: Command = defineCommand({
  name: 'merge',
  help: {
    synopsis: ['bug-hunter merge <run folder>… --out <dir> [flags]'],
    about: `Joins the run folders written by 'bug-hunter scan --shard i/n' (one per shard, e.g. one per CI runner) into one run
folder: scan-report.json, report.md, report.sarif and coverage.json, as one full scan would have written them.
Refused, with the reason, unless the shards come from the same commit, scope, options and bug-hunter version,
were chunked alike, and cover every chunk exactly once (each shard 1…n given once).`,
    sections: [{ flags: OPTIONS }],
    after: `Exit codes: 0 nothing confirmed at or above the shards' --fail-on; 1 confirmed findings; 2 usage error (not a shard
            run, a shard given twice, no --out); 3 a shard is missing or unfinished, the shards differ in commit,
            scope, options or chunks, or a shard failed or left chunks unreviewed.`,
  },
  async run(argv, io) {
    const started = Date.now();
    const { values, positionals } = parseCommandArgs('merge', argv, OPTIONS);
    if (positionals.length === 0) throw new UsageError("Name the shard run folders: 'bug-hunter merge <folder>… --out <dir>'.");
    if (!values.out) throw new UsageError("--out <dir> is required: the merged run gets a folder of its own. Run 'bug-hunter merge --help'.");
    const folders = positionals.map((p) => shardFolder(p, io.cwd));
    const outDir = resolve(io.cwd, values.out);
    mkdirSync(outDir, { recursive: true });
    const realOut = realpathSync(outDir);
    if (folders.includes(realOut)) throw new UsageError(`--out ${outDir} is one of the shard folders; the merged run needs a folder of its own.`);
    if (hasArtifact(realOut, 'state')) throw new UsageError(`--out ${outDir} holds a scan's run (state.json); write the merged run to a folder of its own.`);

    const checked = checkShards(folders.map(readShardRun));
    const lock = acquireRunLock(realOut, `bug-hunter merge ${positionals.join(' ')} --out ${values.out}`);
    try {
      const merged = mergeShards(checked, { ...checked[0]!.report.run, runId: newRunId() });
      writeMergedRun(realOut, merged);
      const report = merged.scanReport;
      const decision = decideExit(report, { failOn: report.options.failOn, allowUncovered: Boolean(values['allow-uncovered']), requireCoverage: Boolean(values['require-coverage']), failOnReview: Boolean(values['fail-on-review']) });
      appendStepSummary(process.env, report, { command: 'merge', out: values.out }, io.stderr);
      const result = { exitCode: decision.code, exitReason: decision.reason, outDir: realOut, report, durationMs: Date.now() - started };
      io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : summariseScan(printableDeep(result), report.options.showSuspected));
      return decision.code;
    } finally {
      lock.release();
    }
  },
});
