// `node --import tsx scripts/corpora/fetch-real-world.ts`: fetches every package version of the corpus into the cache
// (skipping what is there), then checks every case's pin against the fetched source. --show <id> prints the
// sink line with its neighbours, for a person checking a pin. Exit 0 all fetched and pinned, 2 usage, 3 otherwise.
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import pLimit from 'p-limit';
import { oneOf, parseCommandArgs } from '../../../src/commands/kit/args.ts';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode, UsageError } from '../../../src/foundations/errors.ts';
import { fetchMatureHeldOut, fetchSecbench } from '../secbench/fetch.ts';
import { readCorpus } from './corpus.ts';
import { cacheDir, fetchPackage, sourceDir } from './fetch.ts';
import { REPO_ROOT } from './scan.ts';
import { selectCases, targetsOf } from './select.ts';
import { locateCaseSinks } from './sinks.ts';

export const FETCH_USAGE = `Usage: pnpm fetch:real-world [--cache <dir>] [--only <id>]... [--mature-only] [--show <id>]
       pnpm fetch:real-world --corpus secbench|mature-held-out [--cache <dir>]

Fetches the vulnerable and fixed versions of every case in benchmark/real-world/cases.json and the mature
packages in mature.json with npm pack into the cache (default $BUG_HUNTER_REAL_WORLD_CACHE or
~/.cache/bug-hunter/real-world; never the repository), verifies each tarball's integrity, extracts it,
skips what is already fetched, and checks each case's sink pin against the source.

  --corpus secbench          the SecBench.js cases (benchmark/real-world/secbench/cases.json), both parts: pins
                             checked (the sink file has the sink line); development problems are named, held-out
                             ones only counted
  --corpus mature-held-out   the packages of mature-held-out.json; failures only counted`;

export async function runFetch(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('fetch-real-world', argv, {
    cache: { type: 'string' },
    only: { type: 'string', multiple: true },
    'mature-only': { type: 'boolean' },
    show: { type: 'string', multiple: true },
    corpus: { type: 'string' },
  });
  if (values.help) {
    io.stdout(`${FETCH_USAGE}\n`);
    return ExitCode.ok;
  }
  const cache = cacheDir(values.cache, process.env, io.cwd);
  const which = oneOf('corpus', values.corpus, ['real-world', 'secbench', 'mature-held-out'] as const, 'real-world');
  if (which !== 'real-world') {
    if (values.only || values.show || values['mature-only']) throw new UsageError('--only, --show and --mature-only are for the real-world corpus.');
    return which === 'secbench' ? fetchSecbench(cache, io, join(REPO_ROOT, 'benchmark', 'real-world', 'secbench')) : fetchMatureHeldOut(cache, io, join(REPO_ROOT, 'benchmark', 'real-world'));
  }
  const corpus = readCorpus(join(REPO_ROOT, 'benchmark', 'real-world'));
  const only = [...(values.only ?? []), ...(values.show ?? [])];
  const cases = values['mature-only'] ? [] : selectCases(corpus.cases, only, []);
  const mature = only.length > 0 ? [] : corpus.mature;
  const limit = pLimit(2);
  const results = await Promise.all(targetsOf(cases, mature).map((t) => limit(() => fetchPackage(cache, t.name, t.version, io.signal))));
  let failed = 0;
  for (const r of results) {
    if (r.status === 'failed') failed++;
    if (!values.quiet || r.status === 'failed') io.stdout(`${r.status.padEnd(8)} ${r.key}${r.error ? `: ${r.error}` : ''}\n`);
  }
  for (const c of cases) {
    const read = (which: 'vulnerable' | 'fixed', path: string) => {
      const file = join(sourceDir(cache, c.package, which === 'vulnerable' ? c.vulnerable : c.fixed), path);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    };
    const sinks = locateCaseSinks(c, read);
    for (const e of sinks.errors) io.stdout(`pin FAIL ${e}\n`);
    failed += sinks.errors.length;
    if (values.show?.includes(c.id)) {
      const lines = (read('vulnerable', c.sink.file) ?? '').split('\n');
      io.stdout(`\n${c.id} ${c.package}@${c.vulnerable} ${c.sink.file}:${c.sink.line} in ${c.sink.function} (lines ${sinks.vulnerable[0]?.functionStart ?? '?'}-${sinks.vulnerable[0]?.functionEnd ?? '?'}); fixed ${c.fixed}: ${sinks.fixed[0]?.file} lines ${sinks.fixed[0]?.functionStart ?? '?'}-${sinks.fixed[0]?.functionEnd ?? 'gone'}\n`);
      for (let n = Math.max(1, c.sink.line - 4); n <= Math.min(lines.length, c.sink.line + 4); n++) io.stdout(`${n === c.sink.line ? '>' : ' '}${String(n).padStart(6)}  ${lines[n - 1]}\n`);
    }
  }
  io.stdout(`${results.length} package version(s), ${cases.length} pin(s) checked, ${failed} problem(s); cache ${cache}\n`);
  return failed === 0 ? ExitCode.ok : ExitCode.failed;
}
