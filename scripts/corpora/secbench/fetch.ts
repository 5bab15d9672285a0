// `pnpm fetch:real-world --corpus secbench|mature-held-out`: fetches the package versions into the cache and, for
// SecBench.js, checks each pin. Development problems are named; held-out ones (and the held-out mature
// packages) are only counted. Exit 0 everything fetched and pinned, 3 otherwise (the run still counts and
// leaves out what failed).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode } from '../../../src/foundations/errors.ts';
import { packageKey, parseMature } from '../real-world/corpus.ts';
import { fetchPackage, sourceDir, type FetchResult } from '../real-world/fetch.ts';
import { readSecbench, secbenchTargets, selectSecbench } from './corpus.ts';
import { pinSecbenchCase, type SecbenchLister, type SecbenchReader } from './pins.ts';

/** Reads a fetched version's file; undefined when it is missing or not a regular file (a folder, say). */
export function sourceReader(cache: string, name: string): SecbenchReader {
  return (version, path) => {
    const file = join(sourceDir(cache, name, version), path);
    return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
  };
}

// A run pins every case of a version against the same tree; walk it once per version root.
const listings = new Map<string, readonly string[]>();

/** Lists a fetched version's regular files (links not followed, node_modules skipped); none when not fetched. */
export function sourceLister(cache: string, name: string): SecbenchLister {
  return (version) => {
    const root = sourceDir(cache, name, version);
    const known = listings.get(root);
    if (known !== undefined) return known;
    if (!existsSync(root)) return [];
    const out: string[] = [];
    const walk = (rel: string): void => {
      for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
        const path = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory() && e.name !== 'node_modules') walk(path);
        else if (e.isFile()) out.push(path);
      }
    };
    walk('');
    listings.set(root, out);
    return out;
  };
}

async function fetchAll(cache: string, targets: readonly { name: string; version: string }[], io: CommandIO): Promise<FetchResult[]> {
  const limit = pLimit(2);
  return Promise.all(targets.map((t) => limit(() => fetchPackage(cache, t.name, t.version, io.signal))));
}

const tally = (results: readonly FetchResult[]) => ({
  fetched: results.filter((r) => r.status === 'fetched').length,
  cached: results.filter((r) => r.status === 'cached').length,
  failed: results.filter((r) => r.status === 'failed').length,
});

export async function fetchSecbench(cache: string, io: CommandIO, dir: string): Promise<number> {
  const { cases, split } = readSecbench(dir);
  const all = selectSecbench(cases, split, { part: 'both', classes: [] });
  let problems = 0;
  for (const side of ['dev', 'held-out'] as const) {
    const of = all.filter((s) => s.side === side).map((s) => s.case);
    const results = await fetchAll(cache, secbenchTargets(of), io);
    const ok = new Set(results.filter((r) => r.status !== 'failed').map((r) => r.key));
    const t = tally(results);
    if (side === 'dev') for (const r of results.filter((x) => x.status === 'failed')) io.stdout(`fetch FAIL ${r.key}: ${r.error}\n`);
    let notFetched = 0;
    const pinFailures = new Map<string, number>();
    for (const c of of) {
      if (!ok.has(packageKey(c.package, c.version))) {
        notFetched++;
        continue;
      }
      const pin = pinSecbenchCase(c, sourceReader(cache, c.package), sourceLister(cache, c.package));
      if (pin.ok) continue;
      pinFailures.set(pin.why, (pinFailures.get(pin.why) ?? 0) + 1);
      if (side === 'dev') io.stdout(`pin FAIL ${c.id}: ${pin.why} (${c.sink.file}:${c.sink.line})\n`);
    }
    const pinned = of.length - notFetched - [...pinFailures.values()].reduce((a, b) => a + b, 0);
    io.stdout(`${side}: ${results.length} package version(s): ${t.fetched} fetched, ${t.cached} cached, ${t.failed} failed; ${of.length} case(s): ${pinned} pinned, ${notFetched} not fetched${[...pinFailures].map(([w, n]) => `, ${n} ${w}`).join('')}\n`);
    problems += t.failed + (of.length - pinned);
  }
  io.stdout(`cache ${cache}\n`);
  return problems === 0 ? ExitCode.ok : ExitCode.failed;
}

export async function fetchMatureHeldOut(cache: string, io: CommandIO, dir: string): Promise<number> {
  const path = join(dir, 'mature-held-out.json');
  const packages = parseMature(readFileSync(path, 'utf8'), path);
  const t = tally(await fetchAll(cache, packages.map((p) => ({ name: p.package, version: p.version })), io));
  io.stdout(`mature-held-out: ${packages.length} package(s): ${t.fetched} fetched, ${t.cached} cached, ${t.failed} failed; cache ${cache}\n`);
  return t.failed === 0 ? ExitCode.ok : ExitCode.failed;
}
