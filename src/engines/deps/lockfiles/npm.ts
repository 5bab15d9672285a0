// package-lock.json / npm-shrinkwrap.json, lockfile versions 1 to 3. Versions 2 and 3 list every installed
// folder under "packages"; version 1 nests "dependencies". Both are flattened to install locations and
// resolved the way Node does: the nearest node_modules folder up the tree that holds the name.
import { posix } from 'node:path';
import { LockfileError, manifestDeps, objectAt, stringMap, type LockGraph, type LockImporter, type LockPackage, type ParseInput } from './types.ts';

interface Installed {
  name: string;
  version: string;
  link: boolean;
  deps: Record<string, string>;
  needle: string;
}

export function parseNpmLock(input: ParseInput): LockGraph {
  let doc: Record<string, unknown> | undefined;
  try {
    doc = objectAt(JSON.parse(input.text));
  } catch (error) {
    throw new LockfileError(`${input.file} is not valid JSON (${(error as Error).message}).`);
  }
  if (!doc) throw new LockfileError(`${input.file} is not a JSON object.`);
  const version = doc.lockfileVersion;
  if (version === 1) return fromV1(doc, input);
  if (version === 2 || version === 3) return fromPackages(doc, input);
  throw new LockfileError(`${input.file} has lockfileVersion ${JSON.stringify(version)}; bug-hunter reads versions 1, 2 and 3.`);
}

// Versions 2 and 3: keys are install locations ("node_modules/a/node_modules/b"); "" and workspace folders are importers.
function fromPackages(doc: Record<string, unknown>, input: ParseInput): LockGraph {
  const entries = objectAt(doc.packages);
  if (!entries) throw new LockfileError(`${input.file} has lockfileVersion ${String(doc.lockfileVersion)} but no "packages" object.`);
  const installed = new Map<string, Installed>();
  const importers: { dir: string; entry: Record<string, unknown> }[] = [];
  for (const [key, value] of Object.entries(entries)) {
    const entry = objectAt(value);
    if (!entry) throw new LockfileError(`${input.file}: packages[${JSON.stringify(key)}] is not an object.`);
    if (!key.includes('node_modules/')) {
      importers.push({ dir: key, entry });
      continue;
    }
    const name = typeof entry.name === 'string' ? entry.name : key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const link = entry.link === true;
    if (!link && typeof entry.version !== 'string') throw new LockfileError(`${input.file}: packages[${JSON.stringify(key)}] has no version.`);
    const deps = { ...stringMap(entry.optionalDependencies), ...stringMap(entry.dependencies) };
    installed.set(key, { name, version: String(entry.version ?? ''), link, deps, needle: `${JSON.stringify(key)}: {` });
  }
  return graphOf(installed, importers.map(({ dir, entry }) => ({
    dir,
    location: dir,
    name: typeof entry.name === 'string' ? entry.name : dir || 'root',
    direct: manifestDeps({ name: '', dependencies: stringMap(entry.dependencies), devDependencies: stringMap(entry.devDependencies), optionalDependencies: stringMap(entry.optionalDependencies) }),
  })));
}

// Version 1: nested "dependencies"; the importers' direct dependencies come from their package.json files.
function fromV1(doc: Record<string, unknown>, input: ParseInput): LockGraph {
  const installed = new Map<string, Installed>();
  const walk = (deps: unknown, parent: string, depth: number): void => {
    if (depth > 200) throw new LockfileError(`${input.file} nests dependencies deeper than 200 levels.`);
    for (const [name, value] of Object.entries(objectAt(deps) ?? {})) {
      const entry = objectAt(value);
      if (!entry || typeof entry.version !== 'string') throw new LockfileError(`${input.file}: dependency ${JSON.stringify(name)} has no version.`);
      const key = posix.join(parent, 'node_modules', name);
      const link = entry.version.startsWith('file:');
      installed.set(key, { name, version: entry.version, link, deps: stringMap(entry.requires), needle: `${JSON.stringify(name)}: {` });
      walk(entry.dependencies, key, depth + 1);
    }
  };
  walk(doc.dependencies, '', 0);
  const root = input.manifest('');
  if (!root) throw new LockfileError(`${input.file} is a version 1 lockfile, which does not list direct dependencies, and package.json beside it cannot be read.`);
  const importers = [{ dir: '', location: '', name: root.name ?? 'root', direct: manifestDeps(root) }];
  for (const dir of input.workspaces) {
    const m = input.manifest(dir);
    // npm 6 links a workspace as node_modules/<name>; its own nested dependencies sit under that link.
    if (m?.name) importers.push({ dir, location: `node_modules/${m.name}`, name: m.name, direct: manifestDeps(m) });
  }
  return graphOf(installed, importers);
}

function graphOf(installed: Map<string, Installed>, importers: { dir: string; location: string; name: string; direct: ReturnType<typeof manifestDeps> }[]): LockGraph {
  // The nearest install of `name` seen from `location`, as Node's resolver walks up; links (workspaces) are left out.
  const resolve = (location: string, name: string): string | undefined => {
    for (let dir = location; ; dir = posix.dirname(dir)) {
      const base = dir === '.' ? '' : dir;
      const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      const hit = installed.get(key);
      if (hit) return hit.link ? undefined : key;
      if (base === '') return undefined;
    }
  };
  const packages = new Map<string, LockPackage>();
  for (const [key, p] of installed) {
    if (p.link) continue;
    const deps = Object.keys(p.deps).flatMap((n) => resolve(key, n) ?? []);
    packages.set(key, { name: p.name, version: p.version, deps, needle: p.needle });
  }
  const out: LockImporter[] = importers.map((i) => ({
    dir: i.dir,
    name: i.name,
    deps: i.direct.flatMap((d) => {
      const id = resolve(i.location, d.name);
      return id ? [{ id, dev: d.dev }] : [];
    }),
  }));
  return { packages, importers: out };
}
