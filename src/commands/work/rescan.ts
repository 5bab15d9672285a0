// Whether a queued issue's bug is still there when the fixer changed nothing: a scan of the finding's file (and the
// files importing it) in the issue's worktree at the base head, with the engine that found it. Only a complete
// scan that covered the file and no longer reports the fingerprint says "gone"; a finding a model made, a scan
// that could not finish or did not cover the file say "unknown" — and an issue is never closed on "unknown".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { isKeyOf } from '../../engines/findings/rekey.ts';
import { runScan } from '../../driver/scan.ts';

export interface Rescan {
  state: 'gone' | 'present' | 'unknown';
  /** One clause saying what the scan found, e.g. "a static scan of src/app.js at 0123abcd4567 still reports …". */
  detail: string;
}

/** Scans `file` at the base head in `root` (the scanned folder inside the issue's worktree). */
export type Rescanner = (input: { root: string; finding: ReportedFinding; baseCommit: string; signal?: AbortSignal }) => Promise<Rescan>;

export const rescanFinding: Rescanner = async ({ root, finding, baseCommit, signal }) => {
  const f = finding.finding;
  const where = `${f.file} at ${baseCommit.slice(0, 12)}`;
  if (f.engine !== 'static') {
    return { state: 'unknown', detail: `bug-hunter cannot confirm the bug is gone: ${f.model ? `model ${f.model}` : 'a model'} found it, and the fix queue does not run the scan's models again` };
  }
  const outDir = mkdtempSync(join(tmpdir(), 'bh-rescan-'));
  try {
    const result = await runScan({
      target: root,
      outDir,
      models: { provider: 'static' },
      // The finding's file and the files importing it (their calls are its sources), whatever triage would skip.
      diff: { mode: 'since', radius: 1, base: baseCommit },
      changedPaths: [f.file],
      scope: { includeTests: true },
      cache: { disabled: true },
      ...(signal ? { signal } : {}),
    });
    const report = result.report;
    if (!report || report.status !== 'complete') return { state: 'unknown', detail: `bug-hunter cannot confirm the bug is gone: the static scan of ${where} did not complete (${result.exitReason})` };
    const uncovered = report.coverage.notCovered.find((n) => n.path === f.file);
    if (uncovered || report.coverage.filesScanned === 0) return { state: 'unknown', detail: `bug-hunter cannot confirm the bug is gone: the static scan of ${where} did not cover the file${uncovered ? ` (${uncovered.reason})` : ''}` };
    const still = report.findings.find((r) => isKeyOf(f.fingerprint, r.finding) && !r.suppressed && r.verdict !== 'dismissed');
    if (still) return { state: 'present', detail: `a static scan of ${where} still reports its fingerprint ${f.fingerprint} (${still.verdict}, line ${still.finding.startLine})` };
    return { state: 'gone', detail: `a static scan of ${where} no longer reports its fingerprint ${f.fingerprint}` };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};
