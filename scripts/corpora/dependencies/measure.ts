// `node --import tsx scripts/corpora/dependencies/measure.ts [--jobs N] [--show]`: the false-alarm rate of a no-key
// scan on this repository's own dependencies (node_modules/.pnpm, pinned by the lockfile), a precision corpus no rule
// was written for: every package of a scannable size that neither mature set holds (select.ts). The held-out mature
// set is read only to leave its packages out, never printed. Each package is copied without its node_modules (a
// scan does not read code under node_modules) and scanned by this checkout's CLI, as the mature sets are. Prints
// reported findings per 1,000 lines, how many high or critical, per rule; --show lists each finding (a development
// corpus: read its findings). Exit 0 done, 3 a scan did not complete.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { parseMature } from '../real-world/corpus.ts';
import { ensureBuilt, scanPackage } from '../real-world/scan.ts';
import { sourceFilesUnder } from '../source-files.ts';
import { selectDependencies, storeEntry, type InstalledPackage } from './select.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STORE = join(ROOT, 'node_modules/.pnpm');

function installed(): InstalledPackage[] {
  return readdirSync(STORE).sort().flatMap((entry) => {
    const id = storeEntry(entry);
    const dir = id && join(STORE, entry, 'node_modules', id.name);
    if (!id || !dir || !existsSync(join(dir, 'package.json'))) return [];
    const lines = sourceFilesUnder(realpathSync(dir)).reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
    return [{ ...id, lines }];
  });
}

function dirOf(p: InstalledPackage): string {
  const entry = readdirSync(STORE).sort().find((e) => storeEntry(e)?.name === p.name && storeEntry(e)?.version === p.version)!;
  return realpathSync(join(STORE, entry, 'node_modules', p.name));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new Error(`--jobs takes a whole number from 1 to 64, not '${args[args.indexOf('--jobs') + 1] ?? ''}'.`);
  const show = args.includes('--show');
  if (!existsSync(STORE)) throw new Error(`${STORE} is missing: run pnpm install first.`);
  const excluded = new Set<string>();
  for (const file of ['mature.json', 'mature-held-out.json']) {
    const path = join(ROOT, 'benchmark/real-world', file);
    for (const m of parseMature(readFileSync(path, 'utf8'), path)) excluded.add(m.package);
  }
  const chosen = selectDependencies(installed(), excluded);
  await ensureBuilt();
  process.stderr.write(`dependencies: ${chosen.length} package(s), ${chosen.reduce((n, p) => n + p.lines, 0)} lines\n`);
  const work = mkdtempSync(join(tmpdir(), 'bh-dependencies-'));
  const limit = pLimit(jobs);
  let done = 0;
  try {
    const records = await Promise.all(chosen.map((p) => limit(async () => {
      const dir = dirOf(p);
      const copy = join(work, p.name.replace('/', '__'));
      cpSync(dir, copy, { recursive: true, dereference: true, filter: (src) => !src.slice(dir.length).split('/').includes('node_modules') });
      const record = await scanPackage(`${p.name}@${p.version}`, copy);
      rmSync(copy, { recursive: true, force: true });
      process.stderr.write(`dependencies: ${++done}/${chosen.length} scanned\n`);
      return record;
    })));
    const complete = records.filter((r) => r.status === 'complete');
    const lines = complete.reduce((n, r) => n + r.lines, 0);
    const reported = complete.flatMap((r) => r.findings.filter((f) => f.reported).map((f) => ({ ...f, key: r.key })));
    const high = reported.filter((f) => f.severity === 'high' || f.severity === 'critical').length;
    const byRule = new Map<string, number>();
    for (const f of reported) byRule.set(f.ruleId ?? '(model)', (byRule.get(f.ruleId ?? '(model)') ?? 0) + 1);
    const out = [
      `Dependencies precision corpus: ${complete.length}/${records.length} package(s) scanned to completion`,
      `  ${reported.length} reported in ${lines.toLocaleString('en-US')} lines = ${(lines === 0 ? 0 : (reported.length * 1000) / lines).toFixed(3)} per 1,000 lines; high or critical ${high}`,
      ...[...byRule].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([rule, n]) => `  ${rule}: ${n}`),
      ...(show ? ['', ...reported.map((f) => `${f.severity}\t${f.ruleId ?? '(model)'}\t${f.key}\t${f.file}:${f.startLine}`)] : []),
      ...records.filter((r) => r.status !== 'complete').map((r) => `not complete: ${r.key}: ${r.error ?? r.status}`),
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    return complete.length === records.length ? 0 : 3;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`dependencies: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
