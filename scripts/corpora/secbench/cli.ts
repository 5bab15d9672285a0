// `pnpm benchmark:real-world --corpus secbench`: select (part, class, sample) → fetch (cached) → check each pin →
// scan each package version with the real CLI (or reuse this engine's cached result) → score → print. The
// development part (and its study fold) prints everything; the held-out part and the check fold print per-class
// counts only — their progress lines, problems and errors name no case, package, version or file
// (withholdsCases: one predicate for the run, the held-out side for each case). Exit 0 done, 3 a scan did not
// complete.
import pLimit from 'p-limit';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode } from '../../../src/foundations/errors.ts';
import { packageKey } from '../real-world/corpus.ts';
import { scanAll, type CorpusDeps } from '../real-world/engine-results.ts';
import { sourceDir } from '../real-world/fetch.ts';
import { readSecbench, secbenchTargets, selectSecbench, withheldName, withholdsCases, type SecbenchPart } from './corpus.ts';
import type { Fold } from './fold.ts';
import { formatDev, formatHeldOut, heldOutCounts } from './format.ts';
import { sourceLister, sourceReader } from './fetch.ts';
import { pinSecbenchCase } from './pins.ts';
import { scoreSecbenchCase, type SecbenchInput } from './score.ts';
import { readIncompleteFixes, shownIncomplete } from '../incomplete-fixes/evidence.ts';
import { secbenchFacts } from '../incomplete-fixes/corpora.ts';

export interface SecbenchRunOptions {
  part: SecbenchPart;
  classes: readonly string[];
  sample?: number;
  fold?: Fold;
  jobs: number;
  showMisses: boolean;
  cache: string;
  quiet: boolean;
}

/** The run's outside world: benchDir is the secbench folder. */
export type SecbenchDeps = CorpusDeps;

async function run(options: SecbenchRunOptions, io: CommandIO, deps: SecbenchDeps): Promise<number> {
  const { cases, split } = readSecbench(deps.benchDir);
  // Development cases only (the parser refuses an entry for a held-out case without naming it).
  const evidence = shownIncomplete(readIncompleteFixes(deps.benchDir, secbenchFacts(cases, split)));
  const selected = selectSecbench(cases, split, {
    part: options.part,
    classes: options.classes,
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
    ...(options.fold !== undefined ? { fold: options.fold } : {}),
  });
  // The package versions of withheld cases (the held-out part's, or the check fold's): never named below.
  const withheldKeys = new Set(secbenchTargets(selected.filter((s) => s.side === 'held-out').map((s) => s.case)).map((t) => t.key));
  const hidden = withheldName(options);
  const targets = secbenchTargets(selected.map((s) => s.case));
  const fingerprint = deps.fingerprint();
  const log = (t: string) => (options.quiet ? undefined : io.stderr(t));
  log(`secbench: ${selected.length} case(s) (${options.part}${options.fold !== undefined ? `, ${options.fold} fold` : ''}${options.sample !== undefined ? `, ${options.sample} per class` : ''}), ${targets.length} package version(s); engine ${fingerprint}; cache ${options.cache}\n`);

  const fetchLimit = pLimit(2);
  const fetched = await Promise.all(targets.map((t) => fetchLimit(() => deps.fetch(options.cache, t.name, t.version, io.signal))));
  const ok = new Set(fetched.filter((f) => f.status !== 'failed').map((f) => f.key));
  const failedDev = fetched.filter((f) => f.status === 'failed' && !withheldKeys.has(f.key));
  const failedHeld = fetched.filter((f) => f.status === 'failed' && withheldKeys.has(f.key)).length;
  for (const f of failedDev) log(`secbench: fetch ${f.key} failed: ${f.error}\n`);
  if (failedHeld > 0) log(`secbench: ${failedHeld} ${hidden} package version(s) did not fetch\n`);

  const pinned = selected.map((s) => {
    const vulnerableFetched = ok.has(packageKey(s.case.package, s.case.version));
    return { ...s, vulnerableFetched, pin: vulnerableFetched ? pinSecbenchCase(s.case, sourceReader(options.cache, s.case.package), sourceLister(options.cache, s.case.package)) : undefined };
  });
  const needed = new Set<string>();
  for (const p of pinned) {
    if (!p.pin?.ok) continue;
    needed.add(packageKey(p.case.package, p.case.version));
    if (p.case.fixedVersion !== null && ok.has(packageKey(p.case.package, p.case.fixedVersion))) needed.add(packageKey(p.case.package, p.case.fixedVersion));
  }
  const jobs = targets.filter((t) => needed.has(t.key)).map((t) => ({ key: t.key, dir: sourceDir(options.cache, t.name, t.version) }));
  await deps.build();
  const { records, reused } = await scanAll(jobs, {
    cache: options.cache,
    fingerprint,
    jobs: options.jobs,
    signal: io.signal,
    scan: deps.scan,
    progress: (done, total, r) =>
      log(withheldKeys.has(r.key) ? `secbench: ${done}/${total} scanned (${hidden})\n` : `secbench: ${done}/${total} ${r.key} ${r.status}, ${(r.durationMs / 1000).toFixed(1)} s\n`),
  });
  if (reused > 0) log(`secbench: ${reused} result(s) of this engine reused from the cache\n`);

  const outcomes = pinned.map((p) => {
    const input: SecbenchInput = {
      case: p.case,
      side: p.side,
      fetched: p.vulnerableFetched,
      ...(p.pin ? { pin: p.pin } : {}),
      ...(records.get(packageKey(p.case.package, p.case.version)) ? { vulnerable: records.get(packageKey(p.case.package, p.case.version))! } : {}),
      ...(p.case.fixedVersion !== null && records.get(packageKey(p.case.package, p.case.fixedVersion)) ? { fixed: records.get(packageKey(p.case.package, p.case.fixedVersion))! } : {}),
    };
    return scoreSecbenchCase(input, evidence);
  });
  const incompleteDev = jobs.filter((j) => !withheldKeys.has(j.key) && records.get(j.key)?.status !== 'complete');
  const incompleteHeld = jobs.filter((j) => withheldKeys.has(j.key) && records.get(j.key)?.status !== 'complete').length;

  io.stdout(`SecBench.js — engine ${fingerprint}\n\n`);
  if (options.fold === 'check') io.stdout(formatHeldOut(heldOutCounts(outcomes), 'SecBench.js development part, check fold (per-class counts only; its misses are not read)'));
  else if (options.part !== 'held-out') io.stdout(formatDev(outcomes, { showMisses: options.showMisses }));
  if (options.part === 'both') io.stdout('\n');
  if (options.part !== 'dev') io.stdout(formatHeldOut(heldOutCounts(outcomes)));
  if (incompleteDev.length > 0) io.stdout(`\nIncomplete development scans (${incompleteDev.length}), counted as misses: ${incompleteDev.map((j) => `${j.key} (${records.get(j.key)?.error ?? 'no result'})`).join(', ')}\n`);
  if (incompleteHeld > 0) io.stdout(`\nIncomplete ${hidden} scans: ${incompleteHeld}, counted as misses\n`);
  return incompleteDev.length + incompleteHeld > 0 ? ExitCode.failed : ExitCode.ok;
}

/**
 * Runs the SecBench.js corpus. A run whose cases are withheld (held-out, both, or the check fold) withholds what any
 * error says: its message may carry a package, version or file name, so only the kind of error is shown.
 */
export async function runSecbench(options: SecbenchRunOptions, io: CommandIO, deps: SecbenchDeps): Promise<number> {
  if (!withholdsCases(options)) return run(options, io, deps);
  const hidden = withheldName(options);
  try {
    return await run(options, io, deps);
  } catch (error) {
    if (io.signal.aborted) throw new Error(`The ${hidden} run was interrupted.`);
    const instead = options.fold === 'check' ? '--fold study' : '--part dev';
    throw new Error(`The ${hidden} run failed (${(error as Error).name}); its message is withheld because it may name a ${hidden} case. Rerun with ${instead} to check the runner.`);
  }
}
