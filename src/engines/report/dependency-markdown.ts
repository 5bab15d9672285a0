// report.md's dependency section, rendered from scan-report.json's dependencies: vulnerable dependencies grouped
// by reachability (reachable first, with the call site), then what the dependency scan could not check.
import type { DepFinding } from '../../artifacts/schemas/dep-findings.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { cell, inlineCode, location, plural } from './text.ts';

const GROUPS: [DepFinding['reachability'], string][] = [
  ['reachable', 'Reachable: a call to the vulnerable function was found'],
  ['imported', 'Imported: the vulnerable function was not seen'],
  ['unknown', 'Reachability unknown'],
  ['not-imported', 'Not imported by any source file'],
];

/** One summary line: "3 vulnerable (reachable 1, imported 1, not-imported 1); 1 failing; advisories: …". */
export function dependencySummary(d: NonNullable<ScanReport['dependencies']>, at: string): string {
  const parts = GROUPS.flatMap(([r]) => (d.counts.byReachability[r] ? [`${r} ${d.counts.byReachability[r]}`] : []));
  return `${d.findings.length} vulnerable${parts.length ? ` (${parts.join(', ')})` : ''}; ${d.counts.failing} failing${d.status === 'incomplete' ? ' — INCOMPLETE' : ''}; advisories: ${advisoryData(d.advisories, at)}`;
}

type Advisories = NonNullable<ScanReport['dependencies']>['advisories'];

/** Which advisory data the scan used and how old it was when the report was written (`at`). */
export function advisoryData(a: Advisories, at: string): string {
  const fetched = a.fetchedAt ? `fetched ${a.fetchedAt}, ${ageOf(a.fetchedAt, at)}` : '';
  const count = plural(a.count, 'advisory', 'advisories');
  switch (a.source) {
    case 'none':
      return 'none given';
    case 'osv':
      return `OSV files ${a.location} (given with --advisories; how old they are is not known to bug-hunter), ${count}`;
    case 'osv-export':
      return a.ok ? `OSV's npm export from ${a.url ?? 'an unknown URL'} (${fetched}; refresh with \`bug-hunter advisories update\`), ${count}` : `OSV's npm export copy in ${a.location}, unusable`;
    case 'registry':
      return `npm registry ${a.location}${fetched ? ` (${fetched})` : ''}, ${count}`;
  }
}

/** "3 days old", "5 hours old", "under an hour old" (from the fetch time to `at`). */
export function ageOf(fetchedAt: string, at: string): string {
  const ms = Date.parse(at) - Date.parse(fetchedAt);
  if (!Number.isFinite(ms)) return 'age unknown';
  if (ms < 0) return 'fetched after this report was written';
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'under an hour old';
  if (hours < 48) return `${plural(hours, 'hour')} old`;
  return `${plural(Math.floor(hours / 24), 'day')} old`;
}

export function dependencySection(report: ScanReport): string[] {
  const d = report.dependencies;
  if (!d) return [];
  const source = advisoryData(d.advisories, report.generatedAt);
  const out = [
    '## Vulnerable dependencies (by reachability)',
    '',
    `Advisories: ${cell(source)}. Lockfiles: ${d.lockfiles.map((l) => `${inlineCode(l.path)} ${l.status}`).join(', ') || 'none found'}.`,
    `Only a reachable production dependency at or above --fail-on ${report.options.failOn} fails the scan; the others are listed.`,
    '',
  ];
  if (d.findings.length === 0) out.push(d.advisories.ok ? 'None found in the scanned lockfiles.' : 'Not checked: no advisories were available.', '');
  for (const [reachability, title] of GROUPS) {
    const group = d.findings.filter((f) => f.reachability === reachability);
    if (group.length === 0) continue;
    out.push(`### ${title} (${group.length})`, '', '| Package | Advisory | Severity | Scope | Lockfile | Why |', '|---|---|---|---|---|---|');
    for (const f of group) {
      const scope = `${f.dev ? 'dev only' : 'production'}, ${f.direct ? 'direct' : `via ${f.path.slice(0, -1).join(' › ')}`}`;
      const advisory = `${f.advisory.id}${f.advisory.aliases.length ? ` (${f.advisory.aliases.join(', ')})` : ''}: ${f.advisory.summary}`;
      const why = f.callSites.length ? `${f.callSites.map((c) => `${location(c.file, c.startLine, c.endLine)} \`${c.quote}\``).join('; ')}` : f.reachabilityReason;
      out.push(`| ${cell(`${f.package}@${f.version}`)} | ${cell(advisory)} | ${f.severity} | ${cell(scope)} | ${cell(location(f.lockfile, f.line, f.line))} | ${cell(why)} |`);
    }
    out.push('');
  }
  if (d.notes.length > 0) out.push('**Not fully checked:**', '', ...d.notes.map((n) => `- ${cell(n)}`), '');
  return out;
}
