// pnpm-lock.yaml, lockfile versions 6 and 9. Importers (the root and each workspace) name their direct
// dependencies with resolved versions; packages (v6) or snapshots (v9) carry each package's own edges.
import { parse } from 'yaml';
import { LockfileError, objectAt, type LockGraph, type LockPackage, type ParseInput } from './types.ts';

const SUPPORTED = /^(6\.\d+|9\.\d+)$/;

/** "minimist@1.2.5(peer@1)" → name and version; the peer suffix stays in the id only. */
function nameVersion(id: string): { name: string; version: string } | undefined {
  const base = id.replace(/\(.*$/, '');
  const at = base.lastIndexOf('@');
  return at > 0 ? { name: base.slice(0, at), version: base.slice(at + 1) } : undefined;
}

// A dependency's version field: "1.2.5", "1.2.5(peer@1)", an alias "other@1.0.0", or "link:../pkg" (a workspace).
function idOf(name: string, version: unknown): string | undefined {
  const raw = typeof version === 'string' ? version : objectAt(version)?.version;
  if (typeof raw !== 'string' || raw.startsWith('link:') || raw.startsWith('file:')) return undefined;
  return /^\d/.test(raw) ? `${name}@${raw}` : raw.replace(/^\//, '');
}

export function parsePnpmLock(input: ParseInput): LockGraph {
  let doc: Record<string, unknown> | undefined;
  try {
    doc = objectAt(parse(input.text, { maxAliasCount: 100 }));
  } catch (error) {
    throw new LockfileError(`${input.file} is not valid YAML (${(error as Error).message.split('\n')[0]}).`);
  }
  if (!doc) throw new LockfileError(`${input.file} is not a YAML mapping.`);
  const version = String(doc.lockfileVersion ?? '');
  if (!SUPPORTED.test(version)) throw new LockfileError(`${input.file} has lockfileVersion '${version}'; bug-hunter reads pnpm lockfile versions 6 and 9.`);
  const v6 = version.startsWith('6');
  // v9 keeps edges in "snapshots"; v6 keeps them in "packages", keyed "/name@version".
  const edges = objectAt(v6 ? doc.packages : doc.snapshots) ?? {};
  const packages = new Map<string, LockPackage>();
  for (const [key, value] of Object.entries(edges)) {
    const id = key.replace(/^\//, '');
    const nv = nameVersion(id);
    const entry = objectAt(value);
    if (!nv || !entry) throw new LockfileError(`${input.file}: package entry ${JSON.stringify(key)} is not "name@version" with an object.`);
    const deps = [...Object.entries(objectAt(entry.dependencies) ?? {}), ...Object.entries(objectAt(entry.optionalDependencies) ?? {})];
    // The line to point at: v6 lists "/name@version:", v9 "name@version:" (quoted when it starts with @).
    const listed = v6 ? key : id.replace(/\(.*$/, '');
    packages.set(id, {
      ...nv,
      deps: deps.flatMap(([n, v]) => idOf(n, v) ?? []),
      needle: !v6 && listed.startsWith('@') ? `'${listed}':` : `${listed}:`,
    });
  }
  // A single-project v6 lockfile has no "importers": the root's dependencies are at the top level.
  const importers = objectAt(doc.importers) ?? { '.': doc };
  return {
    packages,
    importers: Object.entries(importers).map(([dir, value]) => {
      const entry = objectAt(value) ?? {};
      const section = (field: string, dev: boolean) =>
        Object.entries(objectAt(entry[field]) ?? {}).flatMap(([n, v]) => {
          const id = idOf(n, v);
          return id && packages.has(id) ? [{ id, dev }] : [];
        });
      const manifest = input.manifest(dir === '.' ? '' : dir);
      return {
        dir: dir === '.' ? '' : dir,
        name: manifest?.name ?? (dir === '.' ? 'root' : dir),
        deps: [...section('dependencies', false), ...section('optionalDependencies', false), ...section('devDependencies', true)],
      };
    }),
  };
}
