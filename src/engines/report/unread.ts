// The files a run did not read, worded for a person: those in a language no configured engine reads, grouped by
// language, and for a supported file left unread, first how to get it read, then how to leave it out on purpose. Pure.
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { compareText } from '../../foundations/text/compare.ts';

type NotCovered = ScanReport['coverage']['notCovered'][number];

/** How to leave files out of the scan on purpose (then they are listed skips, not gaps). */
export function excludeHint(what: 'it' | 'them', path?: string): string {
  return `to leave ${what} out on purpose: --exclude ${path ? shellWord(path) : '<glob>'} (or list ${what} in .bug-hunterignore)`;
}

function shellWord(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/** Files left out on purpose, by whose word: "2 by --exclude/--include (yours), 1 by the repository's .bug-hunterignore". */
export function exclusionNote(report: Pick<ScanReport, 'coverage'>): string | undefined {
  const excluded = report.coverage.notCovered.filter((n) => n.status === 'skipped' && n.reason.startsWith('excluded: '));
  if (excluded.length === 0) return undefined;
  const repository = excluded.filter((n) => n.reason.includes("the repository's"));
  const ignoreFile = repository.filter((n) => n.reason.includes('.bug-hunterignore')).length;
  const config = repository.length - ignoreFile;
  const user = excluded.length - repository.length;
  return [
    user ? `${user} by --include/--exclude (yours)` : '',
    ignoreFile ? `${ignoreFile} by the repository's .bug-hunterignore` : '',
    config ? `${config} by the repository's config (include/exclude)` : '',
  ].filter(Boolean).join(', ');
}

/** In-scope files in a language no configured engine reads. */
export function unsupportedFiles(report: Pick<ScanReport, 'coverage'>): NotCovered[] {
  return report.coverage.notCovered.filter((n) => n.status === 'scanner-unsupported');
}

/** "shell 2 (run.sh, ci/test.sh), solidity 1 (Token.sol)": most files first, at most `examples` paths each. */
export function byLanguage(files: readonly NotCovered[], examples = 2): string {
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const language = f.language ?? languageOfReason(f.reason);
    groups.set(language, [...(groups.get(language) ?? []), f.path]);
  }
  return [...groups]
    .sort(([a, x], [b, y]) => y.length - x.length || compareText(a, b))
    .map(([language, paths]) => `${language} ${paths.length} (${paths.slice(0, examples).join(', ')}${paths.length > examples ? ', …' : ''})`)
    .join(', ');
}

// A report written before coverage carried the language names it in the engine's reason.
function languageOfReason(reason: string): string {
  return /has no rules for ([\w+#.-]+)/.exec(reason)?.[1] ?? 'unknown language';
}

/** For an in-scope file that was not read: first how to get it read, then how to leave it out on purpose. */
export function readHint(entry: Pick<NotCovered, 'path' | 'reason'>): string {
  const size = /huge: (\d+) bytes/.exec(entry.reason);
  const read = size
    ? `to read it, raise the size limit: --max-file-bytes ${size[1]}`
    : /not valid UTF-8/.test(entry.reason)
      ? 'to read it, rename it to a UTF-8 name'
      : /symlink|link out of/.test(entry.reason)
        ? 'to read it, replace the link with the file'
        : /not UTF-8|non-utf8|binary/.test(entry.reason)
          ? 'to read it, store it as UTF-8 text'
          : 'to read it, make it readable';
  return `${read}; ${excludeHint('it', entry.path)}`;
}
