// One finding per bug: the same finding in a source file and in its bundles (dist/, *.min.js, umd/cjs/esm copies)
// is reported once, at the source, which keeps its fingerprint, id and verdict; each bundle copy becomes a related
// location of it. Suppressions, baselines, the ledger and published issues key on the source's fingerprint, so they
// match as before. Pure; the report join runs it on the joined findings, before any mark is set.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { MAX_RELATED_LOCATIONS } from '../../artifacts/schemas/scan-report.ts';
import { isBundlePath, isMinifiedPath } from '../findings/bundles.ts';
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { compareText } from '../../foundations/text/compare.ts';

// A quote line longer than this is minified code: its text is no key to match a copy by.
const MAX_KEY_CODE = 400;

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

/**
 * Findings with each bundle copy folded into its source finding (the order kept). A copy joins a source finding
 * only when exactly one source finding has its key (two source files with the same line are two bugs), and at most
 * one copy per bundle file joins it; with no source finding, the bundle copies of distinct files join the preferred
 * one. Everything else stays as it was: no finding is lost.
 */
export function foldBundleTwins(findings: readonly ReportedFinding[]): ReportedFinding[] {
  const sources = new Map<string, ReportedFinding[]>();
  const bundles = new Map<string, ReportedFinding[]>();
  for (const f of findings) {
    const key = twinKey(f);
    if (key === undefined) continue;
    const into = isBundlePath(f.finding.file) ? bundles : sources;
    into.set(key, [...(into.get(key) ?? []), f]);
  }
  const folded = new Map<ReportedFinding, ReportedFinding[]>();
  const absorbed = new Set<ReportedFinding>();
  for (const [key, copies] of bundles) {
    const own = sources.get(key) ?? [];
    if (own.length > 1) continue;
    const ordered = [...copies].sort(preferred);
    const lead = own[0] ?? (ordered.shift() as ReportedFinding);
    const files = new Set([lead.finding.file, ...(lead.relatedLocations ?? []).map((r) => r.file)]);
    const joined: ReportedFinding[] = [];
    // A lead lists at most MAX_RELATED_LOCATIONS copies; one more stays a finding of its own.
    let room = MAX_RELATED_LOCATIONS - (lead.relatedLocations?.length ?? 0);
    for (const copy of ordered) {
      const cost = 1 + (copy.relatedLocations?.length ?? 0);
      if (files.has(copy.finding.file) || cost > room) continue;
      files.add(copy.finding.file);
      joined.push(copy);
      absorbed.add(copy);
      room -= cost;
    }
    if (joined.length > 0) folded.set(lead, joined);
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
