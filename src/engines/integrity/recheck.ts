// Evidence is checked again when the report is made, whatever the findings' origin: a hunter-findings.json kept
// from an interrupted run (or edited by hand) is a file on disk, not a proof. Reads only the files findings cite.
import type { Finding } from '../../artifacts/schemas/common.ts';
import { unsupportedEvidence } from './evidence.ts';
import { readSourceAtHash } from './source.ts';

/**
 * Why the first finding fails its evidence check against the source at the recorded hashes; null when all hold.
 * `sources` receives the text of each file read (at its recorded hash), for a caller that looks at them next.
 */
export function recheckFindings(root: string, findings: readonly Finding[], hashes: ReadonlyMap<string, string>, sources = new Map<string, string>()): string | null {
  for (const finding of findings) {
    for (const path of new Set([finding.file, ...finding.evidence.map((e) => e.file)])) {
      if (sources.has(path)) continue;
      const hash = hashes.get(path);
      if (hash === undefined) return `${finding.id} cites ${path}, which triage did not record`;
      const source = readSourceAtHash(root, path, hash);
      if (!source.ok) return `${finding.id}: ${source.reason}`;
      sources.set(path, source.content);
    }
    const why = unsupportedEvidence(finding, sources);
    if (why) return `${finding.id} (${finding.file}:${finding.startLine}): ${why}`;
  }
  return null;
}
