// The lockfile scan's I/O shell: finds lockfiles in the target, reads each under a size cap with the
// package.json files beside it, and hands the text to its parser. A lockfile that cannot be read or
// parsed comes back with the reason, for the caller to report as unreviewed, never as "no dependencies".
import { statSync } from 'node:fs';
import { posix } from 'node:path';
import { globby } from 'globby';
import { containPath } from '../../../foundations/fs/paths.ts';
import { readSource } from '../../integrity/source.ts';
import { parseBunLock } from './bun.ts';
import { LOCKFILE_GLOBS, type LockfileKind } from './kinds.ts';
import { lineOf } from './line.ts';
import { parseNpmLock } from './npm.ts';
import { parsePnpmLock } from './pnpm.ts';
import { resolveDependencies, type LockedDependency } from './resolve.ts';
import { LockfileError, objectAt, stringMap, type LockGraph, type Manifest, type ParseInput } from './types.ts';
import { parseYarnLock } from './yarn.ts';

export const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 1024 * 1024;
const MAX_WORKSPACES = 2000;

export type LockfileRead = { ok: true; dependencies: LockedDependency[] } | { ok: false; reason: string };

const PARSERS: Record<LockfileKind, (input: ParseInput) => LockGraph> = { npm: parseNpmLock, pnpm: parsePnpmLock, yarn: parseYarnLock, bun: parseBunLock };

/** Every lockfile in the target, outside node_modules, vendored folders and what .gitignore leaves out; sorted. */
export async function findLockfiles(root: string): Promise<string[]> {
  const found = await globby(LOCKFILE_GLOBS, {
    cwd: root,
    gitignore: true,
    dot: false,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**', '**/.git/**', '**/.bug-hunter/**', '**/vendor/**'],
  });
  return found.filter((p) => containPath(root, p).ok).sort();
}

export async function readLockfile(root: string, path: string, kind: LockfileKind): Promise<LockfileRead> {
  const contained = containPath(root, path);
  if (!contained.ok) return { ok: false, reason: contained.detail };
  const size = statSync(contained.absolute).size;
  if (size > MAX_LOCKFILE_BYTES) return { ok: false, reason: `${path} is ${Math.round(size / 1048576)} MiB, over the ${MAX_LOCKFILE_BYTES / 1048576} MiB limit for a lockfile` };
  const source = readSource(root, path);
  if (!source.ok) return { ok: false, reason: source.reason };
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  const manifest = (sub: string) => readManifest(root, posix.join(dir || '.', sub, 'package.json'));
  try {
    const graph = PARSERS[kind]({ file: path, text: source.content, manifest, workspaces: await workspaceDirs(root, dir, manifest('')) });
    const dependencies = resolveDependencies(graph).map((d) => ({ ...d, line: lineOf(source.content, graph.packages.get(d.id)!.needle) }));
    return { ok: true, dependencies };
  } catch (error) {
    if (error instanceof LockfileError) return { ok: false, reason: error.message };
    return { ok: false, reason: `${path} could not be parsed (${(error as Error).message})` };
  }
}

function readManifest(root: string, path: string): Manifest | undefined {
  const contained = containPath(root, posix.normalize(path));
  if (!contained.ok || statSync(contained.absolute).size > MAX_MANIFEST_BYTES) return undefined;
  const source = readSource(root, posix.normalize(path));
  if (!source.ok) return undefined;
  let json: Record<string, unknown> | undefined;
  try {
    json = objectAt(JSON.parse(source.content));
  } catch {
    return undefined;
  }
  if (!json) return undefined;
  return {
    ...(typeof json.name === 'string' ? { name: json.name } : {}),
    dependencies: stringMap(json.dependencies),
    devDependencies: stringMap(json.devDependencies),
    optionalDependencies: stringMap(json.optionalDependencies),
  };
}

// The root manifest's "workspaces" (an array, or { packages: [] }) expanded to folders that hold a package.json.
async function workspaceDirs(root: string, dir: string, rootManifest: Manifest | undefined): Promise<string[]> {
  if (!rootManifest) return [];
  const source = readSource(root, posix.join(dir || '.', 'package.json'));
  if (!source.ok) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(source.content);
  } catch {
    return [];
  }
  const field = objectAt(raw)?.workspaces;
  const patterns = (Array.isArray(field) ? field : (objectAt(field)?.packages as unknown[] | undefined) ?? []).filter(
    (p): p is string => typeof p === 'string' && !p.includes('..') && !p.startsWith('/'),
  );
  if (patterns.length === 0) return [];
  const cwd = posix.join(root, dir);
  const found = await globby(patterns.map((p) => `${p.replace(/\/+$/, '')}/package.json`), { cwd, followSymbolicLinks: false, ignore: ['**/node_modules/**'] });
  return found.slice(0, MAX_WORKSPACES).map((p) => posix.dirname(p)).filter((d) => d !== '.' && containPath(root, posix.join(dir || '.', d)).ok).sort();
}
