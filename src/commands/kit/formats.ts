// The whole-report formats of `report --format` and `scan --format`, rendered from one ScanReport to the text a file or
// stdout gets. Each renderer loads only for its format, so the common views do not pay for all of them.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';

export const REPORT_FORMATS = ['md', 'json', 'sarif', 'github-review', 'pr-comment', 'junit', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The text of `report` in `format`; `view` is the report with the --show-suspected choice applied; `out` is the
 * --out the run was read from or written to, so the commands a view hints at find the same run; `outDir` is that run
 * folder (html reads the threat model and reproductions there, and the lines around each quote from the repository). */
export async function renderFormat(format: ReportFormat, report: ScanReport, view: ScanReport = report, hints: { out?: string | undefined; outDir?: string | undefined } = {}): Promise<string> {
  if (format === 'html') {
    const { gatherHtmlInputs } = await import('../../engines/report/html/inputs.ts');
    const { renderHtml } = await import('../../engines/report/html/page.ts');
    return hints.outDir ? renderHtml(gatherHtmlInputs(view, hints.outDir)) : renderHtml({ report: (await import('../../engines/report/redact.ts')).redactDeep(view), context: new Map() });
  }
  if (format === 'md') return (await import('../../engines/report/markdown.ts')).renderMarkdown(view);
  if (format === 'pr-comment') return (await import('../../engines/review/pr-comment.ts')).renderPrComment(view, hints);
  if (format === 'github-review') return json((await import('../../engines/review/github-review.ts')).renderGitHubReview(view));
  if (format === 'junit') return (await import('../../engines/report/junit.ts')).renderJunit(view);
  if (format === 'sarif') return json((await import('../../engines/report/sarif.ts')).renderSarif(view));
  return json(report);
}
