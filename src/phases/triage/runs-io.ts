// I/O for "read what runs": reads the listed package.json files and the head of extensionless files, through
// the same safe reader as every other file; the decisions are in runs.ts.
import { posix } from 'node:path';
import { classifyPath } from './path-rules.ts';
import { readListedFile } from './read.ts';
import { entryFiles, manifestTargets, servedOutputDirs, shebangLanguage, type ManifestTarget } from './runs.ts';

const MANIFEST_BYTES = 256 * 1024;

/** What a non-vendored package.json main/module/exports/bin names: the build-output folders scanned as code because
 * an entry points into them, and the main and bin files themselves (read whatever their shape: runs.ts entryFiles). */
export function packageEntries(root: string, paths: readonly string[], listed: ReadonlySet<string>): { served: Map<string, string>; entries: ReturnType<typeof entryFiles> } {
  const targets: ManifestTarget[] = [];
  for (const path of paths) {
    if (posix.basename(path) !== 'package.json') continue;
    // Installed or vendored packages are not the target's own entry points.
    const verdict = classifyPath(path);
    if (verdict.kind === 'skip' && verdict.reason === 'vendored') continue;
    const read = readListedFile(root, path, MANIFEST_BYTES, listed);
    if (read.kind === 'bytes') targets.push(...manifestTargets(path, read.bytes.toString('utf8')).map((target) => ({ manifest: path, ...target })));
  }
  return { served: servedOutputDirs(targets.map((t) => t.path), listed), entries: entryFiles(targets, listed) };
}

/** The language of an extensionless file whose first line is a node shebang, else undefined. */
export function scriptLanguage(root: string, path: string, listed: ReadonlySet<string>, maxFileBytes: number): 'javascript' | 'typescript' | undefined {
  const base = posix.basename(path);
  if (base.includes('.')) return undefined;
  const read = readListedFile(root, path, maxFileBytes, listed);
  return read.kind === 'bytes' && read.bytes[0] === 0x23 ? shebangLanguage(read.bytes.subarray(0, 256).toString('latin1')) : undefined;
}
