// The diff scope of a triage (I/O shell): changed files from git, the import graph from the code index
// (only when the radius reaches past the changed files), and the pure blast radius over it.
import type { DiffScopeRecord, ScopedFile } from '../../artifacts/schemas/triage.ts';
import { loadCodeIndex } from '../../engines/cache/code-index-load.ts';
import { blastRadius } from '../../engines/scope/blast-radius.ts';
import { changedFiles } from '../../engines/scope/changed.ts';
import type { ChangedFile } from '../../engines/scope/diff-parse.ts';
import { describeDiff, diffRecordOf, type DiffScope } from '../../engines/scope/spec.ts';
import type { PhaseContext } from '../../phase-kit/types.ts';
import type { FileFacts } from './core.ts';
import { compareText } from '../../foundations/text/compare.ts';

export async function diffScopeOf(ctx: PhaseContext, diff: DiffScope, files: readonly FileFacts[]): Promise<DiffScopeRecord> {
  const triaged = new Set(files.map((f) => f.path));
  // A name with a backslash cannot be carried by an artifact path (and triage skips such files anyway).
  const changed = (diff.changedPaths ? givenPaths(diff.changedPaths, triaged) : changedFiles(ctx.target, diff)).filter((c) => !c.path.includes('\\'));
  // A deleted file, or a renamed file's old name, is gone but its importers are affected all the same.
  const gone = changed.flatMap((c) => (c.status === 'deleted' ? [c.path] : c.from && c.status === 'renamed' ? [c.from] : []));
  const roots = [...changed.map((c) => c.path), ...gone];
  let importers: ReadonlyMap<string, readonly string[]> = new Map();
  if (diff.radius > 0 && roots.length > 0) {
    ctx.log.progress('triage', 0, files.length, `indexing ${files.length} file(s) for the import graph`);
    const loaded = await loadCodeIndex(ctx.target, files, ctx.signal, gone);
    // An unindexed file might import a changed one: say so, since its dependents cannot be followed.
    if (loaded.unindexed.length > 0) ctx.log.warn(`${loaded.unindexed.length} file(s) could not be indexed, so their imports are not followed (e.g. ${loaded.unindexed[0]!.file}: ${loaded.unindexed[0]!.reason}).`);
    importers = loaded.index.importers;
  }
  const scoped: ScopedFile[] = [];
  for (const [path, why] of blastRadius(roots, importers, diff.radius)) {
    if (triaged.has(path)) scoped.push(why.reason === 'changed' ? { path, reason: 'changed' } : { path, ...why });
  }
  scoped.sort((a, b) => compareText(a.path, b.path));
  ctx.log.info(`diff scope ${describeDiff(diff)}: ${changed.length} changed path(s), ${scoped.length} triaged file(s) in scope`);
  return {
    ...diffRecordOf(diff),
    changed,
    files: scoped,
    outOfScope: files.length - scoped.length,
    graph: diff.radius > 0 ? 'code-index' : 'none',
  };
}

// Paths handed over by another scan: those present here count as modified, the others as gone (their importers still count).
function givenPaths(paths: readonly string[], triaged: ReadonlySet<string>): ChangedFile[] {
  return [...new Set(paths)].sort().map((path) => ({ path, status: triaged.has(path) ? 'modified' : 'deleted', lines: [] }));
}
