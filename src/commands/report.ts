// `bug-hunter report list|show <id> [target]` and `bug-hunter report --format md|json|sarif|github-review|pr-comment|junit|html [target]`:
// views of the last scan-report.json, with the current suppressions.json applied.
import { hasArtifact, readArtifact, readArtifactIfPresent } from '../artifacts/store.ts';
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { withTodaysSuppressions } from '../engines/report/resuppress-today.ts';
import { newerRunWarning, reportOrigin } from '../engines/report/staleness.ts';
import { renderList, renderShow } from '../engines/report/terminal.ts';
import { isReported } from '../engines/report/findings.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { findReported } from '../engines/suppress/suppressions.ts';
import { common, oneOf, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';
import { wantsColour } from '../engines/terminal/colour.ts';
import { REPORT_FORMATS, renderFormat } from './kit/formats.ts';
import { writeOutputFile } from './kit/output-file.ts';

const OPTIONS = {
  format: {
    type: 'string',
    arg: '<f>',
    description: 'print the whole report as md (report.md), json (scan-report.json) or sarif (report.sarif); github-review: the JSON body for GitHub\'s "create a review for a pull request" endpoint (a line comment per new finding, findings outside the changed lines in the body); pr-comment: a Markdown summary for a pull request comment. Neither posts anything. junit: JUnit XML, one test case per finding (failed at or above --fail-on, skipped for manual review). html: the self-contained page report.html (evidence with the lines around it, proof panels, the data-flow diagram; no network)',
  },
  output: { type: 'string', arg: '<file>', description: 'with --format: write the report to <file> (atomically) instead of stdout' },
  'show-suspected': { type: 'boolean', description: 'also list T3 (suspected) findings' },
  color: { type: 'boolean', description: 'force colour on or off (default: on for a terminal, unless NO_COLOR is set)' },
  'no-color': { type: 'boolean', description: 'force colour on or off (default: on for a terminal, unless NO_COLOR is set)' },
  json: common('json', 'machine output for list and show'),
  out: common('out', 'artifact folder (default <target>/.bug-hunter)'),
} as const;


function newerRunWarningIn(outDir: string, report: ScanReport): string | null {
  try {
    return newerRunWarning(report, readArtifactIfPresent(outDir, 'state'));
  } catch (error) {
    return `state.json cannot be read (${(error as Error).message}); a newer run may not have finished.`;
  }
}

export const reportCommand: Command = defineCommand({
  name: 'report',
  help: {
    synopsis: [
      'bug-hunter report [list] [target] [flags]',
      'bug-hunter report show <id> [target] [flags]',
      'bug-hunter report --format md|json|sarif|github-review|pr-comment|junit|html [target] [--output <file>]',
    ],
    about: 'Reads <target>/.bug-hunter/scan-report.json (or --out) and applies the current suppressions.json.',
    sections: [
      {
        words: {
          list: 'confirmed findings (T1, T2) with a summary line (the default)',
          'show <id>': 'one finding in full: evidence, reasoning trace, reproduction (id or fingerprint)',
        },
        flags: OPTIONS,
      },
    ],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('report', argv, OPTIONS);
    const [first, ...rest] = positionals;
    const sub = first === 'list' || first === 'show' ? first : undefined;
    const args = sub ? rest : positionals;
    if (values.output !== undefined && values.format === undefined) throw new UsageError('--output writes a --format; name one, e.g. --format sarif --output report.sarif.');
    if (values.format !== undefined && sub) throw new UsageError(`--format prints the whole report; it does not go with '${sub}'.`);
    const id = sub === 'show' ? args.shift() : undefined;
    if (sub === 'show' && !id) throw new UsageError("Name a finding: 'bug-hunter report show <id> [target]' (ids are in 'bug-hunter report list').");
    if (args.length > 1) throw new UsageError(`Too many arguments: ${args.join(' ')}. Run 'bug-hunter report --help'.`);

    const target = resolveTarget(args[0], io.cwd);
    const outDir = resolveOutDir(target, values.out, io.cwd);
    if (!hasArtifact(outDir, 'scan-report')) throw new UsageError(`No scan report in ${outDir}. Run 'bug-hunter scan' first (or pass --out to where it wrote).`);
    const stored = readArtifact(outDir, 'scan-report');
    // Said on stderr for every view, so piped stdout stays the report itself.
    const warning = newerRunWarningIn(outDir, stored);
    if (warning) io.stderr(`warning: ${warning}\n`);
    const report: ScanReport = withTodaysSuppressions(target, stored);
    const showSuspected = Boolean(values['show-suspected']) || report.options.showSuspected;

    if (values.format !== undefined) {
      const format = oneOf('format', values.format, REPORT_FORMATS, 'md');
      const view = { ...report, options: { ...report.options, showSuspected } };
      const text = await renderFormat(format, report, view, { out: values.out, outDir });
      if (values.output === undefined) io.stdout(text);
      else {
        const written = writeOutputFile(values.output, text, io.cwd);
        if (!values.quiet) io.stderr(`Wrote ${format} to ${written}\n`);
      }
      return ExitCode.ok;
    }
    const colour = wantsColour(values['no-color'] ? false : values.color ? true : undefined, process.env, Boolean(process.stdout.isTTY));
    if (sub === 'show') {
      const found = findReported(report, id!);
      if (!found) throw new UsageError(`No finding '${id}' in ${outDir}/scan-report.json. Run 'bug-hunter report list' for the ids.`);
      io.stdout(values.json ? `${JSON.stringify(found, null, 2)}\n` : renderShow(found, { colour }));
      return ExitCode.ok;
    }
    if (values.json) {
      const findings = report.findings.filter((f) => isReported(f, showSuspected));
      const newer = warning ? { newerRunUnfinished: warning } : {};
      io.stdout(`${JSON.stringify({ runId: report.run.runId, generatedAt: report.generatedAt, ...newer, status: report.status, clean: report.clean, notClean: report.notClean, counts: report.counts, findings }, null, 2)}\n`);
    } else {
      io.stdout(`${reportOrigin(report)}${warning ? ' NOT the latest run: see the warning above.' : ''}\n${renderList(report, { colour, showSuspected })}`);
    }
    return ExitCode.ok;
  },
});
