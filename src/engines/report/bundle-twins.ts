// One finding per bug: the same finding in a source file and in its bundles (dist/, *.min.js, umd/cjs/esm copies)
// or its compiled builds beside it (src/a.ts with a.js and a.mjs: one module, findings/bundles.ts moduleStem) is
// reported once, at the source, which keeps its fingerprint, id and verdict; each copy becomes a related
// location of it. Suppressions, baselines, the ledger and published issues key on the source's fingerprint, so they
// match as before. Pure; the report join runs it on the joined findings, before any mark is set.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { MAX_RELATED_LOCATIONS } from '../../artifacts/schemas/scan-report.ts';
import { isBundlePath, isMinifiedPath, isTypeScriptSource, moduleStem } from '../findings/bundles.ts';
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { compareText } from '../../foundations/text/compare.ts';

// A quote line longer than this is minified code: its text is no key to match a copy by (unread-copies.ts too).
export const MAX_KEY_CODE = 400;

/**
 * What makes two findings the same bug: the rule (or bug class), the verdict (a copy judged otherwise is reported
 * on its own) and the code at the finding's first line, whitespace-normalised. Undefined when the finding's first
 * evidence quote is not at that line, or is minified.
 */
export function twinKey(f: ReportedFinding): string | undefined {
  const x = f.finding;
  const quote = x.evidence[0];
  if (!quote || quote.file !== x.file || quote.startLine !== x.startLine) return undefined;
  const code = normaliseWhitespace(quote.quote.split('\n')[0] ?? '');
  if (code.length === 0 || code.length > MAX_KEY_CODE) return undefined;
  return [x.ruleId ?? '', x.category, x.cwe ?? '', f.verdict, code].join('\u0000');
}

/** The copy that stands for a group of bundles with no source: not minified, then the shortest path, then by path. */
function preferred(a: ReportedFinding, b: ReportedFinding): number {
  return Number(isMinifiedPath(a.finding.file)) - Number(isMinifiedPath(b.finding.file)) || a.finding.file.length - b.finding.file.length || compareText(a.finding.file, b.finding.file) || a.finding.startLine - b.finding.startLine;
}

/** The build of one module that stands for the others: its TypeScript source when there is exactly one, else the
 *  preferred copy. */
function moduleLead(builds: readonly ReportedFinding[]): ReportedFinding {
  const typed = builds.filter((f) => isTypeScriptSource(f.finding.file));
  return typed.length === 1 ? typed[0]! : [...builds].sort(preferred)[0]!;
}

/**
 * Findings with each copy folded into its source finding (the order kept). Builds of one module (moduleStem) join
 * the module's lead. A bundle copy joins a source finding only when exactly one module has the key (two modules with
 * the same line are two bugs); with no source finding, the bundle copies of distinct files join the preferred one.
 * At most one copy per file joins a lead. Everything else stays as it was: no finding is lost.
 */
export function foldBundleTwins(findings: readonly ReportedFinding[]): ReportedFinding[] {
  const groups = new Map<string, ReportedFinding[]>();
  for (const f of findings) {
    const key = twinKey(f);
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const folded = new Map<ReportedFinding, ReportedFinding[]>();
  const absorbed = new Set<ReportedFinding>();
  const join = (lead: ReportedFinding, copies: readonly ReportedFinding[]): void => {
    const joined = folded.get(lead) ?? [];
    const files = new Set([lead.finding.file, ...(lead.relatedLocations ?? []).map((r) => r.file), ...joined.flatMap((j) => [j.finding.file, ...(j.relatedLocations ?? []).map((r) => r.file)])]);
    // A lead lists at most MAX_RELATED_LOCATIONS copies; one more stays a finding of its own.
    let room = MAX_RELATED_LOCATIONS - (lead.relatedLocations?.length ?? 0) - joined.reduce((n, j) => n + 1 + (j.relatedLocations?.length ?? 0), 0);
    for (const copy of [...copies].sort(preferred)) {
      const cost = 1 + (copy.relatedLocations?.length ?? 0);
      if (files.has(copy.finding.file) || cost > room) continue;
      files.add(copy.finding.file);
      joined.push(copy);
      absorbed.add(copy);
      room -= cost;
    }
    if (joined.length > 0) folded.set(lead, joined);
  };
  for (const group of groups.values()) {
    const modules = new Map<string, ReportedFinding[]>();
    for (const f of group.filter((g) => !isBundlePath(g.finding.file))) {
      const stem = moduleStem(f.finding.file);
      modules.set(stem, [...(modules.get(stem) ?? []), f]);
    }
    const leads = [...modules.values()].flatMap((builds) => {
      // One file holding the line twice holds two bugs: none of the module's builds is told apart as their copy.
      if (new Set(builds.map((b) => b.finding.file)).size < builds.length) return builds;
      const lead = moduleLead(builds);
      join(lead, builds.filter((b) => b !== lead));
      return lead;
    });
    if (leads.length > 1) continue;
    const bundles = group.filter((g) => isBundlePath(g.finding.file)).sort(preferred);
    const lead = leads[0] ?? bundles.shift();
    if (lead) join(lead, bundles);
  }
  return findings.flatMap((f) => {
    if (absorbed.has(f)) return [];
    const copies = folded.get(f);
    if (!copies) return [f];
    const related = [...(f.relatedLocations ?? [])];
    for (const c of copies) {
      related.push({ file: c.finding.file, startLine: c.finding.startLine, endLine: c.finding.endLine, fingerprint: c.finding.fingerprint, findingId: c.finding.id });
      related.push(...(c.relatedLocations ?? []));
    }
    return [{ ...f, relatedLocations: related }];
  });
}
