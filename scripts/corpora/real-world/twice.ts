// Compares two runs of the same scans, pure: the benchmark's determinism check (--twice). Two runs are
// identical when every package version has the same status and the same findings with the same verdicts.
import type { RecordedFinding } from './match.ts';
import type { ScanRecord } from './score.ts';

function signature(f: RecordedFinding): string {
  return `${f.file}:${f.startLine}-${f.endLine} ${f.ruleId ?? f.category} ${f.verdict}/${f.tier}`;
}

/** One line per difference, in key order; empty when the runs agree. */
export function compareRuns(a: ReadonlyMap<string, ScanRecord>, b: ReadonlyMap<string, ScanRecord>): string[] {
  const out: string[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const x = a.get(key);
    const y = b.get(key);
    if (!x || !y) {
      out.push(`${key}: scanned in only one run`);
      continue;
    }
    if (x.status !== y.status) out.push(`${key}: status ${x.status} then ${y.status}`);
    const xs = x.findings.map(signature).sort();
    const ys = y.findings.map(signature).sort();
    for (const s of xs.filter((s) => !ys.includes(s))) out.push(`${key}: only in the first run: ${s}`);
    for (const s of ys.filter((s) => !xs.includes(s))) out.push(`${key}: only in the second run: ${s}`);
  }
  return out;
}
