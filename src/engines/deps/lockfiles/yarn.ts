// yarn.lock, both formats, read with Yarn's own parser (@yarnpkg/parsers): classic (v1, "# yarn lockfile v1")
// and Berry (YAML with __metadata). Entries are keyed by every descriptor ("name@range") they satisfy.
// Classic lists no workspaces, so importers come from the package.json files; Berry lists them as
// "name@workspace:dir" entries, and package.json still says which of their dependencies are dev-only.
import { parseSyml } from '@yarnpkg/parsers';
import { LockfileError, manifestDeps, objectAt, stringMap, type LockGraph, type LockImporter, type LockPackage, type ParseInput } from './types.ts';

interface Entry {
  id: string;
  fields: Record<string, unknown>;
}

export function parseYarnLock(input: ParseInput): LockGraph {
  let doc: Record<string, unknown> | undefined;
  try {
    doc = objectAt(parseSyml(input.text));
  } catch (error) {
    throw new LockfileError(`${input.file} is not a valid yarn.lock (${(error as Error).message.split('\n')[0]}).`);
  }
  if (!doc) throw new LockfileError(`${input.file} is not a valid yarn.lock (no entries).`);
  const berry = '__metadata' in doc;
  const byDescriptor = new Map<string, Entry>();
  const entries: Entry[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (key === '__metadata') continue;
    const fields = objectAt(value);
    if (!fields || typeof fields.version !== 'string') throw new LockfileError(`${input.file}: entry ${JSON.stringify(key)} has no version.`);
    const descriptors = key.split(/\s*,\s*/);
    const entry = { id: descriptors[0]!, fields };
    entries.push(entry);
    for (const d of descriptors) byDescriptor.set(d, entry);
  }
  const isWorkspace = (e: Entry) => typeof e.fields.resolution === 'string' && /@workspace:/.test(e.fields.resolution);
  const lookup = (name: string, range: string): string | undefined => {
    const hit = byDescriptor.get(`${name}@${range}`) ?? (berry && !range.includes(':') ? byDescriptor.get(`${name}@npm:${range}`) : undefined);
    return hit && !isWorkspace(hit) ? hit.id : undefined;
  };
  const packages = new Map<string, LockPackage>();
  for (const e of entries) {
    if (isWorkspace(e)) continue;
    const deps = { ...stringMap(e.fields.optionalDependencies), ...stringMap(e.fields.dependencies) };
    packages.set(e.id, {
      name: nameOf(e),
      version: String(e.fields.version),
      deps: Object.entries(deps).flatMap(([n, r]) => lookup(n, r) ?? []),
      needle: e.id,
    });
  }
  const importerOf = (dir: string, name: string, fallback: Record<string, string>): LockImporter => {
    const m = input.manifest(dir);
    const direct = m ? manifestDeps(m) : Object.entries(fallback).map(([n, range]) => ({ name: n, range, dev: false }));
    return { dir, name: m?.name ?? name, deps: direct.flatMap((d) => (lookup(d.name, d.range) ? [{ id: lookup(d.name, d.range)!, dev: d.dev }] : [])) };
  };
  if (berry) {
    return {
      packages,
      importers: entries.filter(isWorkspace).map((e) => {
        const dir = String(e.fields.resolution).replace(/^.*@workspace:/, '');
        return importerOf(dir === '.' ? '' : dir, nameOf(e), stringMap(e.fields.dependencies));
      }),
    };
  }
  if (!input.manifest('')) throw new LockfileError(`${input.file} is a Yarn classic lockfile, which does not list direct dependencies, and package.json beside it cannot be read.`);
  return { packages, importers: ['', ...input.workspaces].map((dir) => importerOf(dir, dir || 'root', {})) };
}

// "@scope/name@npm:1.0.0" or "name@^1.0.0": the name ends at the first @ after the first character.
function nameOf(e: Entry): string {
  const source = typeof e.fields.resolution === 'string' ? e.fields.resolution : e.id;
  const at = source.indexOf('@', 1);
  return at > 0 ? source.slice(0, at) : source;
}
