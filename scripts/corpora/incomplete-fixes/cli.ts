// `pnpm prove:incomplete-fixes`: runs every recorded exploit of incomplete-fixes.json (today's corpus and the
// SecBench.js development part) against its fixed package's source in the sandbox, one at a time, and prints
// per entry: shown / not shown. Exit 0 all shown, 1 an entry is not shown (remove it or fix it), 2 usage, 3 a
// package did not fetch or the sandbox cannot run.
import { existsSync } from 'node:fs';
import { oneOf, parseCommandArgs } from '../../../src/commands/kit/args.ts';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode, UsageError } from '../../../src/foundations/errors.ts';
import { cacheDir, fetchPackage, sourceDir } from '../real-world/fetch.ts';
import { REPO_ROOT } from '../real-world/scan.ts';
import { EVIDENCE_CORPORA, evidenceOf, type EvidenceCorpus } from './corpora.ts';
import { proveEntry } from './prove.ts';

export const PROVE_USAGE = `Usage: pnpm prove:incomplete-fixes [--corpus real-world|secbench] [--only <case>]... [--cache <dir>]

Runs the exploit of every entry in benchmark/real-world/incomplete-fixes.json and
benchmark/real-world/secbench/incomplete-fixes.json (development cases only) against the fixed version's source in
the cache, in bubblewrap (no network, the package read-only at /pkg, a throw-away workspace the only writable
folder, a wall-time limit), one at a time. Prints per entry: shown / not shown, with what the harness measured.
A fixed version still flagged counts apart in the benchmarks only while its entry is shown here.

  --corpus <name>   only this corpus's file (default: both)
  --only <case>     only this case id (repeatable)
  --cache <dir>     package cache (default $BUG_HUNTER_REAL_WORLD_CACHE or ~/.cache/bug-hunter/real-world)`;

export async function runProveIncompleteFixes(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('prove:incomplete-fixes', argv, {
    corpus: { type: 'string' },
    only: { type: 'string', multiple: true },
    cache: { type: 'string' },
  });
  if (values.help) {
    io.stdout(`${PROVE_USAGE}\n`);
    return ExitCode.ok;
  }
  const corpora: readonly EvidenceCorpus[] = values.corpus === undefined ? EVIDENCE_CORPORA : [oneOf<EvidenceCorpus>('corpus', values.corpus, EVIDENCE_CORPORA, 'real-world')];
  const cache = cacheDir(values.cache, process.env, io.cwd);
  const benchDir = `${REPO_ROOT}/benchmark/real-world`;
  const only = new Set(values.only ?? []);
  const entries = corpora.flatMap((corpus) => evidenceOf(benchDir, corpus).map((entry) => ({ corpus, entry }))).filter((e) => only.size === 0 || only.has(e.entry.case));
  const unknown = [...only].filter((id) => !entries.some((e) => e.entry.case === id));
  if (unknown.length > 0) throw new UsageError(`--only ${unknown.join(', ')}: no such entry in the evidence files.`);
  let notShown = 0;
  let failed = 0;
  for (const { corpus, entry } of entries) {
    io.signal.throwIfAborted();
    const fetched = await fetchPackage(cache, entry.package, entry.fixed, io.signal);
    const dir = sourceDir(cache, entry.package, entry.fixed);
    if (fetched.status === 'failed' || !existsSync(dir)) {
      failed++;
      io.stdout(`  ERROR      ${corpus} ${entry.case} (${entry.package}@${entry.fixed}): not fetched${fetched.status === 'failed' ? ` — ${fetched.error}` : ''}\n`);
      continue;
    }
    const proof = await proveEntry(entry, dir, io.signal);
    if (!proof.shown) notShown++;
    io.stdout(`  ${proof.shown ? 'shown    ' : 'NOT SHOWN'}  ${corpus} ${entry.case} (${entry.package}@${entry.fixed}, ${entry.class}): ${proof.detail} [${(proof.durationMs / 1000).toFixed(1)} s]\n`);
  }
  io.stdout(`${entries.length - notShown - failed} of ${entries.length} shown${notShown > 0 ? `; ${notShown} not shown: remove or fix those entries` : ''}${failed > 0 ? `; ${failed} not run` : ''}\n`);
  if (failed > 0) return ExitCode.failed;
  return notShown > 0 ? ExitCode.findings : ExitCode.ok;
}
