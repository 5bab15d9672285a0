// The report's files in a run folder: report.md and report.sarif (views rendered from scan-report.json alone),
// report.html (scan-report.json with the lines around each quote, the threat model and the reproductions of the same
// run folder) and scan-report.json, written views first and the report last; and their removal, so a run that fails part-way leaves
// no report behind. Used by the report phase and by `merge`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { artifactPath, writeArtifact } from '../../artifacts/store.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import { gatherHtmlInputs } from './html/inputs.ts';
import { renderHtml } from './html/page.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSarif } from './sarif.ts';

export const REPORT_FILES = { markdown: 'report.md', sarif: 'report.sarif', html: 'report.html' } as const;

/** report.md, report.sarif and report.html, written before scan-report.json; `outDir` is the run folder. */
export const REPORT_VIEWS = [
  { file: REPORT_FILES.markdown, render: (report: ScanReport, _outDir: string) => renderMarkdown(report) },
  { file: REPORT_FILES.sarif, render: (report: ScanReport, _outDir: string) => `${JSON.stringify(renderSarif(report), null, 2)}\n` },
  { file: REPORT_FILES.html, render: (report: ScanReport, outDir: string) => renderHtml(gatherHtmlInputs(report, outDir)) },
] as const;

/**
 * The views first, then scan-report.json (validated) last, each written atomically: a run that fails part-way
 * leaves no scan-report.json, so neither `bug-hunter report` nor the exit code can take a partial write for success.
 */
export function writeReport(outDir: string, report: ScanReport): void {
  const views = REPORT_VIEWS.map((view) => ({ file: view.file, text: view.render(report, outDir) }));
  try {
    for (const view of views) writeFileAtomic(join(outDir, view.file), view.text);
    writeArtifact(outDir, 'scan-report', report);
  } catch (error) {
    removeReport(outDir);
    throw error;
  }
}

/** Removes the report files of an earlier run (scan-report.json, coverage.json, report.md, report.sarif, report.html). */
export function removeReport(outDir: string): void {
  for (const path of [artifactPath(outDir, 'scan-report'), artifactPath(outDir, 'coverage'), join(outDir, REPORT_FILES.markdown), join(outDir, REPORT_FILES.sarif), join(outDir, REPORT_FILES.html)]) {
    rmSync(path, { force: true });
  }
}
