// What an agent fixer did to a file, as the search/replace edits the fixer's checks understand: one edit per
// hunk of the line diff, each with its context lines so it matches the base once. The edits then go through
// applyEdits like a model's (scope, ranges, no new files), so an agent is held to the same rules. Pure.
import { structuredPatch } from 'diff';
import type { SearchReplace } from './edits.ts';

const CONTEXT = 3;

/** A changed file as edits; before null = the agent created it, after null = it deleted it. */
export function editsFromChange(file: string, before: string | null, after: string | null): SearchReplace[] {
  // applyEdits rejects a new file by its missing base; a deleted file is emptied, which the gates measure.
  if (before === null) return [{ file, search: after || '\n', replace: after ?? '' }];
  if (after === null) return [{ file, search: before || '\n', replace: '' }];
  const edits: SearchReplace[] = [];
  for (const hunk of structuredPatch(file, file, before, after, '', '', { context: CONTEXT }).hunks) {
    const search: string[] = [];
    const replace: string[] = [];
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue;
      if (line[0] !== '+') search.push(line.slice(1));
      if (line[0] !== '-') replace.push(line.slice(1));
    }
    edits.push({ file, search: search.join('\n'), replace: replace.join('\n') });
  }
  return edits;
}
