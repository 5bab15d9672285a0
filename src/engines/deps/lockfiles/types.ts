// The one shape every lockfile parser produces: packages keyed by a parser-chosen id with their resolved
// dependency edges, and the importers (root and workspaces) with their direct dependencies, dev or not.
import { PhaseError } from '../../../foundations/errors.ts';

/** What a package.json says about dependencies; the only fields the dependency scan reads. */
export interface Manifest {
  name?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
}

export interface LockPackage {
  name: string;
  version: string;
  /** Ids of the packages this one depends on (resolved by the parser). */
  deps: string[];
  /** Text to look for in the lockfile to find this entry's line. */
  needle: string;
}

export interface LockImporter {
  /** Folder of the workspace relative to the lockfile's folder; '' for the root. */
  dir: string;
  name: string;
  deps: { id: string; dev: boolean }[];
}

export interface LockGraph {
  packages: Map<string, LockPackage>;
  importers: LockImporter[];
}

export interface ParseInput {
  /** Repository path of the lockfile, for messages. */
  file: string;
  text: string;
  /** package.json of a folder relative to the lockfile's folder ('' the root), when it exists and parses. */
  manifest(dir: string): Manifest | undefined;
  /** Workspace folders (relative to the lockfile's folder) declared by the root manifest and found on disk. */
  workspaces: readonly string[];
}

/** A lockfile that cannot be read as its format says: the message names the file and what is wrong. */
export class LockfileError extends PhaseError {
  override readonly name: string = 'LockfileError';
}

/** A plain object or undefined: lockfile text is untrusted, so every level is checked before use. */
export function objectAt(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The string-valued entries of an object (dependency maps); anything else is ignored. */
export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(objectAt(value) ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Direct dependencies of an importer from its manifest: prod (with optional) first, then dev-only names. */
export function manifestDeps(m: Manifest): { name: string; range: string; dev: boolean }[] {
  const prod = { ...m.optionalDependencies, ...m.dependencies };
  return [
    ...Object.entries(prod).map(([name, range]) => ({ name, range, dev: false })),
    ...Object.entries(m.devDependencies).filter(([name]) => !(name in prod)).map(([name, range]) => ({ name, range, dev: true })),
  ];
}
