// I/O shell of the required-file rule (required.ts decides): follows the imports of in-scope files (and a
// package.json's entries, which the manifest imports) to files triage listed but would have skipped or left out as
// test code, checks each import with the code index's parser (a
// commented-out require is not an import), and reads each imported file with only what stops a read as a reason
// to skip it (too large, binary, not UTF-8, a link out of the repository). What it cannot read stays skipped,
// marked with its importer, and coverage reports it as in scope and not covered.
import { statSync } from 'node:fs';
import { posix, relative } from 'node:path';
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { resolveJs } from '../../engines/static/resolve.ts';
import { indexSource } from '../../engines/code-index/index-file.ts';
import { containPath, toPosix } from '../../foundations/fs/paths.ts';
import { readSource } from '../../engines/integrity/source.ts';
import { analyzeBytes, type FileFacts } from './core.ts';
import { detectLanguage } from '../../engines/code-index/languages.ts';
import { readListedFile } from './read.ts';
import { importedLanguage, listedContext, newlyImported, type ImportEdge, type Importer } from './required.ts';

export interface RequiredInput {
  root: string;
  files: FileFacts[];
  /** Relative specifiers per triaged file (JavaScript/TypeScript only). */
  imports: ReadonlyMap<string, readonly string[]>;
  skipped: SkippedFile[];
  listed: ReadonlySet<string>;
  includeTests: boolean;
  maxFileBytes: number;
  /** Files a package.json names as main/module/exports/bin, imported by that manifest (runs.ts entryFiles). */
  entries?: ReadonlyArray<{ target: string; manifest: string; specifier: string }>;
}

/** Brings every file in-scope code imports into scope, in place: pulled files join `files`, unreadable ones are
 * marked in `skipped`. Returns how many files it brought in and how many it could not read. */
export function pullRequired(input: RequiredInput): { pulled: number; notCovered: number } {
  const { files, skipped } = input;
  const ctx = listedContext(input.listed);
  const inScope = new Set(files.filter((f) => input.includeTests || !f.isTest).map((f) => f.path));
  const triaged = new Map(files.map((f) => [f.path, f]));
  const skippedAt = new Map(skipped.map((s, i) => [s.path, i]));
  const confirmed = new Map<string, ReadonlySet<string> | 'all'>();
  const counts = { pulled: 0, notCovered: 0 };
  const dropped = new Set<number>();
  const seeds: Importer[] = [...inScope].map((path) => ({ path, imports: input.imports.get(path) ?? [] }));
  let frontier = seeds;
  while (frontier.length > 0 || (frontier === seeds && (input.entries?.length ?? 0) > 0)) {
    const next: Importer[] = [];
    // Edges the parser confirmed, then the targets of links among them (a link is read through its target).
    const unresolved: ImportEdge[] = [];
    const found = newlyImported(frontier, ctx, inScope, unresolved);
    found.push(...onDisk(input.root, unresolved, input.listed, skipped, skippedAt));
    const queue = found.filter((edge) => importsBySource(input.root, edge.importer, triaged, confirmed)(edge.specifier));
    // The package's entries are what its users run: the manifest imports them (first round only).
    if (frontier === seeds) queue.push(...(input.entries ?? []).map((e) => ({ target: e.target, importer: e.manifest, specifier: e.specifier })));
    for (let edge = queue.shift(); edge; edge = queue.shift()) {
      if (inScope.has(edge.target)) continue;
      inScope.add(edge.target);
      const test = triaged.get(edge.target);
      if (test) {
        // Test code that production code imports is production code.
        test.isTest = false;
        test.requiredBy = edge.importer;
        next.push({ path: test.path, imports: input.imports.get(test.path) ?? [] });
        counts.pulled++;
        continue;
      }
      const at = skippedAt.get(edge.target);
      if (at === undefined) continue;
      const pulled = readRequired(input, skipped[at] as SkippedFile, edge.importer);
      if (pulled === undefined) continue;
      if (pulled.kind === 'target') {
        queue.push({ ...edge, target: pulled.target });
      } else if (pulled.kind === 'skip') {
        skipped[at] = pulled.skip;
        counts.notCovered++;
      } else {
        dropped.add(at);
        files.push(pulled.facts);
        triaged.set(pulled.facts.path, pulled.facts);
        next.push({ path: pulled.facts.path, imports: pulled.imports });
        counts.pulled++;
      }
    }
    frontier = next;
  }
  if (dropped.size > 0) {
    const kept = skipped.filter((_, i) => !dropped.has(i));
    skipped.length = 0;
    skipped.push(...kept);
  }
  return counts;
}

type Pulled = { kind: 'file'; facts: FileFacts; imports: string[] } | { kind: 'skip'; skip: SkippedFile } | { kind: 'target'; target: string };

/** Reads a skipped file that in-scope code imports; undefined: it is not code (JSON, a native addon) and stays skipped. */
function readRequired(input: RequiredInput, skip: SkippedFile, importer: string): Pulled | undefined {
  const { root, maxFileBytes } = input;
  const path = skip.path;
  if (skip.reason === 'duplicate') {
    const contained = containPath(root, path);
    if (contained.ok) return { kind: 'target', target: toPosix(relative(root, contained.absolute)) };
  }
  const language = importedLanguage(path, detectLanguage(posix.basename(path)));
  if (!language) return undefined;
  // A link is followed (inside the repository only); a file that git lists but is gone stays as it was.
  const read = readListedFile(root, path, maxFileBytes, new Set());
  if (read.kind === 'skip') {
    if (read.reason === 'unreadable' && /missing from the working tree/.test(read.detail)) return undefined;
    return { kind: 'skip', skip: { path, reason: read.reason, detail: read.detail, requiredBy: importer } };
  }
  const outcome = analyzeBytes(path, language, false, read.bytes, importer);
  if (outcome.kind === 'skip') return { kind: 'skip', skip: outcome.skip };
  return { kind: 'file', facts: outcome.facts, imports: outcome.imports ?? [] };
}

/** Whether the importer's parsed code (the code index's parser) imports a specifier; when it cannot be read or
 * parsed, every specifier the regex found counts, so a parse failure never hides a file. */
function importsBySource(root: string, importer: string, triaged: ReadonlyMap<string, FileFacts>, memo: Map<string, ReadonlySet<string> | 'all'>): (specifier: string) => boolean {
  let specifiers = memo.get(importer);
  if (specifiers === undefined) {
    const meta = triaged.get(importer);
    const source = meta ? readSource(root, importer) : undefined;
    const index = meta && source?.ok ? indexSource(importer, meta.language, source.content, { calls: false }).file : undefined;
    specifiers = index?.precise ? new Set(index.imports.map((ref) => ref.specifier)) : 'all';
    memo.set(importer, specifiers);
  }
  const known = specifiers;
  return (specifier) => known === 'all' || known.has(specifier);
}

/** Specifiers no listed path answers, looked for on disk: through a folder link to a listed file, or into a folder
 * the walk did not enter (node_modules/), which is then listed as skipped there and pulled like any other. A file
 * .gitignore leaves out stays out (an exclusion the repository states, listed by its source). */
function onDisk(root: string, unresolved: readonly ImportEdge[], listed: ReadonlySet<string>, skipped: SkippedFile[], skippedAt: Map<string, number>): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const unwalked = skipped.filter((s) => s.path.endsWith('/') && s.reason === 'vendored').map((s) => s.path);
  for (const edge of unresolved) {
    let real: string | undefined;
    const probe = new Set<string>();
    probe.has = (candidate: string) => {
      const contained = containPath(root, candidate);
      if (!contained.ok || !isFile(contained.absolute)) return false;
      real = toPosix(relative(root, contained.absolute));
      return true;
    };
    if (resolveJs(edge.importer, edge.specifier, { known: probe, byDir: new Map(), byStem: new Map(), goModules: [] }) === undefined || real === undefined) continue;
    if (!listed.has(real)) {
      const folder = unwalked.find((dir) => real!.startsWith(dir));
      if (!folder || skippedAt.has(real)) continue;
      skippedAt.set(real, skipped.length);
      skipped.push({ path: real, reason: 'vendored', detail: `inside ${folder} (folder not walked)` });
    }
    edges.push({ ...edge, target: real });
  }
  return edges;
}

function isFile(absolute: string): boolean {
  try {
    return statSync(absolute).isFile();
  } catch {
    return false;
  }
}
