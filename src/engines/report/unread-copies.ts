// One finding per bug, also where the scan did not look: triage skips a build file generated from source it reads
// (`dist/lib.js` concatenated from `src/*.js`), yet the build is what a package's users run. A finding whose cited
// lines stand unchanged, exactly once, in such a copy lists that place as a related location with copy: 'unread', so
// the report names the shipped line too. Text only: the copy is not analysed, and nothing about it is claimed beyond the lines.
// Pure; the report phase reads the copies (report/index.ts) and the join applies this after folding bundle twins.
import type { ReportedFinding, RelatedLocation } from '../../artifacts/schemas/scan-report.ts';
import { MAX_RELATED_LOCATIONS } from '../../artifacts/schemas/scan-report.ts';
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { MAX_KEY_CODE } from './bundle-twins.ts';

/** A build file triage skipped as generated, as read at report time. */
export interface BuildCopy {
  file: string;
  text: string;
}

// Cited text shorter than this (whitespace aside) is too common to say where a copy of the bug is (`obj[k] = v;`).
export const MIN_CITED_CHARS = 24;

/** The finding's cited lines, whitespace-normalised, from the evidence quote at its place; undefined when there is
 *  none, or the text is too short to be told apart or is minified (a line over bundle-twins' MAX_KEY_CODE). */
export function citedLines(f: ReportedFinding): string[] | undefined {
  const x = f.finding;
  const quote = x.evidence.find((e) => e.file === x.file && e.startLine <= x.startLine && e.endLine >= x.endLine);
  if (!quote) return undefined;
  const lines = quote.quote.split('\n').slice(x.startLine - quote.startLine, x.endLine - quote.startLine + 1).map(normaliseWhitespace);
  if (lines.length !== x.endLine - x.startLine + 1 || lines.some((l) => l.length > MAX_KEY_CODE)) return undefined;
  return lines.join('').replace(/\s/g, '').length >= MIN_CITED_CHARS && lines[0] !== '' ? lines : undefined;
}

/** The 0-based line indexes where `cited` starts in `lines`, consecutively and whole. */
function occurrences(lines: readonly string[], byText: ReadonlyMap<string, number[]>, cited: readonly string[]): number[] {
  return (byText.get(cited[0]!) ?? []).filter((at) => cited.every((c, i) => lines[at + i] === c));
}

/**
 * Each finding with the unread copies that hold its cited lines exactly once, as related locations (the order of the
 * findings and of their existing locations kept). Cited text that two findings of different files share says nothing
 * about which source a copy came from: neither gets the copy. A copy already listed, or the finding's own file, is
 * not added twice; a finding lists at most MAX_RELATED_LOCATIONS locations.
 */
export function relateUnreadCopies(findings: readonly ReportedFinding[], copies: readonly BuildCopy[]): ReportedFinding[] {
  if (copies.length === 0) return [...findings];
  const indexed = copies.map((c) => {
    const lines = c.text.split('\n').map(normaliseWhitespace);
    const byText = new Map<string, number[]>();
    lines.forEach((l, i) => {
      if (l === '') return;
      const at = byText.get(l);
      if (at) at.push(i);
      else byText.set(l, [i]);
    });
    return { file: c.file, lines, byText };
  });
  const cited = new Map(findings.map((f) => {
    const lines = citedLines(f);
    return [f, lines && { lines, text: lines.join('\n') }];
  }));
  const filesByText = new Map<string, Set<string>>();
  for (const [f, c] of cited) if (c) filesByText.set(c.text, (filesByText.get(c.text) ?? new Set()).add(f.finding.file));
  return findings.map((f) => {
    const c = cited.get(f);
    if (!c || (filesByText.get(c.text)?.size ?? 0) > 1) return f;
    const { lines } = c;
    const related: RelatedLocation[] = [...(f.relatedLocations ?? [])];
    const listed = new Set([f.finding.file, ...related.map((r) => r.file)]);
    for (const copy of indexed) {
      if (related.length >= MAX_RELATED_LOCATIONS) break;
      if (listed.has(copy.file)) continue;
      const at = occurrences(copy.lines, copy.byText, lines);
      if (at.length !== 1) continue;
      related.push({ file: copy.file, startLine: at[0]! + 1, endLine: at[0]! + lines.length, copy: 'unread' });
      listed.add(copy.file);
    }
    return related.length > (f.relatedLocations?.length ?? 0) ? { ...f, relatedLocations: related } : f;
  });
}
