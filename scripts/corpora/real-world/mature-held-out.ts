// `pnpm benchmark:real-world --corpus mature-held-out`: the ten further mature packages frozen in
// benchmark/real-world/mature-held-out.json, for a held-out false-alarm rate reported apart from mature.json.
// It prints counts only — packages, lines, reported findings per 1,000 lines, how many high or critical, and per
// rule how many findings in how many packages (a rule's aggregate, like the per-class counts of a held-out recall
// run) — never a package, a file or a finding; progress lines and errors name no package. Exit 0 done, 3 a fetch or scan failed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { CommandIO } from '../../../src/commands/kit/command.ts';
import { ExitCode } from '../../../src/foundations/errors.ts';
import { compareText } from '../../../src/foundations/text/compare.ts';
import { packageKey, parseMature } from './corpus.ts';
import { scanAll, type CorpusDeps } from './engine-results.ts';
import { sourceDir } from './fetch.ts';
import { isReviewCandidate } from './match.ts';
import type { ScanRecord } from './score.ts';

export interface MatureCounts {
  packages: number;
  /** Fetched and scanned to completion; the rate is over these. */
  complete: number;
  lines: number;
  reported: number;
  perKloc: number;
  high: number;
  critical: number;
  reviewOnly: number;
  /** Reported findings per rule id, with how many packages they fall in; sorted by count, then id. */
  byRule: RuleCount[];
}

export interface RuleCount {
  rule: string;
  reported: number;
  packages: number;
}

/** Counts over complete scans: nothing that names a package or a finding. */
export function matureCounts(packages: number, records: readonly ScanRecord[]): MatureCounts {
  const done = records.filter((r) => r.status === 'complete');
  const reported = done.flatMap((r) => r.findings.filter((f) => f.reported));
  const lines = done.reduce((s, r) => s + r.lines, 0);
  return {
    packages,
    complete: done.length,
    lines,
    reported: reported.length,
    perKloc: lines === 0 ? 0 : (reported.length * 1000) / lines,
    high: reported.filter((f) => f.severity === 'high').length,
    critical: reported.filter((f) => f.severity === 'critical').length,
    reviewOnly: done.reduce((s, r) => s + r.findings.filter(isReviewCandidate).length, 0),
    byRule: countByRule(done),
  };
}

function countByRule(done: readonly ScanRecord[]): RuleCount[] {
  const rows = new Map<string, { reported: number; packages: Set<string> }>();
  for (const record of done) {
    for (const f of record.findings.filter((x) => x.reported)) {
      const rule = f.ruleId ?? '(model)';
      const row = rows.get(rule) ?? { reported: 0, packages: new Set<string>() };
      row.reported += 1;
      row.packages.add(record.key);
      rows.set(rule, row);
    }
  }
  return [...rows]
    .map(([rule, r]) => ({ rule, reported: r.reported, packages: r.packages.size }))
    .sort((a, b) => b.reported - a.reported || compareText(a.rule, b.rule));
}

export function formatMatureCounts(title: string, c: MatureCounts): string {
  return [
    `${title}: ${c.complete}/${c.packages} package(s) scanned to completion`,
    `  ${c.reported} reported in ${c.lines.toLocaleString('en-US')} lines = ${c.perKloc.toFixed(3)} per 1,000 lines; high ${c.high}, critical ${c.critical}; manual-review candidates ${c.reviewOnly}`,
    ...c.byRule.map((r) => `  ${r.rule}: ${r.reported} in ${r.packages} package(s)`),
  ].join('\n') + '\n';
}

export async function runMatureHeldOut(options: { cache: string; jobs: number; quiet: boolean }, io: CommandIO, deps: CorpusDeps): Promise<number> {
  const log = (t: string) => (options.quiet ? undefined : io.stderr(t));
  try {
    const path = join(deps.benchDir, 'mature-held-out.json');
    const packages = parseMature(readFileSync(path, 'utf8'), path);
    const fingerprint = deps.fingerprint();
    log(`mature-held-out: ${packages.length} package(s); engine ${fingerprint}\n`);
    const limit = pLimit(2);
    const fetched = await Promise.all(packages.map((p) => limit(() => deps.fetch(options.cache, p.package, p.version, io.signal))));
    const failed = fetched.filter((f) => f.status === 'failed').length;
    if (failed > 0) log(`mature-held-out: ${failed} package(s) did not fetch\n`);
    const jobs = packages
      .filter((p) => fetched.some((f) => f.key === packageKey(p.package, p.version) && f.status !== 'failed'))
      .map((p) => ({ key: packageKey(p.package, p.version), dir: sourceDir(options.cache, p.package, p.version) }));
    await deps.build();
    const { records } = await scanAll(jobs, { cache: options.cache, fingerprint, jobs: options.jobs, signal: io.signal, scan: deps.scan, progress: (done, total) => log(`mature-held-out: ${done}/${total} scanned\n`) });
    const counts = matureCounts(packages.length, [...records.values()]);
    io.stdout(`Held-out mature packages — engine ${fingerprint}\n\n${formatMatureCounts('mature-held-out.json', counts)}`);
    return counts.complete === packages.length ? ExitCode.ok : ExitCode.failed;
  } catch (error) {
    if (io.signal.aborted) throw new Error('The held-out mature run was interrupted.');
    throw new Error(`The held-out mature run failed (${(error as Error).name}); its message is withheld because it may name a held-out finding.`);
  }
}
