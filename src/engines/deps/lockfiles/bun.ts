// bun.lock, Bun's text lockfile (JSON with trailing commas, read with Microsoft's jsonc-parser).
// "workspaces" maps each folder to its manifest's dependencies; "packages" maps a key to
// [ "name@version", registry, { dependencies … }, integrity ]. A key is the package name, or a path of
// names ("parent/child", "workspace-name/dep") for a copy nested under another package.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { LockfileError, manifestDeps, objectAt, stringMap, type LockGraph, type LockPackage, type ParseInput } from './types.ts';

export function parseBunLock(input: ParseInput): LockGraph {
  const errors: ParseError[] = [];
  const doc = objectAt(parse(input.text, errors, { allowTrailingComma: true, disallowComments: false }));
  if (errors.length > 0 || !doc) {
    const e = errors[0];
    throw new LockfileError(`${input.file} is not valid JSONC${e ? ` (${printParseErrorCode(e.error)} at offset ${e.offset})` : ''}.`);
  }
  if (typeof doc.lockfileVersion !== 'number' || doc.lockfileVersion > 2) {
    throw new LockfileError(`${input.file} has lockfileVersion ${JSON.stringify(doc.lockfileVersion)}; bug-hunter reads bun.lock versions 0 to 2.`);
  }
  const raw = objectAt(doc.packages) ?? {};
  const keys = new Map<string, { name: string; version: string; deps: Record<string, string>; workspace: boolean }>();
  for (const [key, value] of Object.entries(raw)) {
    const tuple = Array.isArray(value) ? value : undefined;
    const spec = typeof tuple?.[0] === 'string' ? tuple[0] : undefined;
    const at = spec?.indexOf('@', 1) ?? -1;
    if (!spec || at <= 0) throw new LockfileError(`${input.file}: packages[${JSON.stringify(key)}] is not ["name@version", …].`);
    const meta = objectAt(tuple!.find((t, i) => i > 0 && objectAt(t))) ?? {};
    const version = spec.slice(at + 1);
    keys.set(key, { name: spec.slice(0, at), version, deps: { ...stringMap(meta.optionalDependencies), ...stringMap(meta.dependencies) }, workspace: version.startsWith('workspace:') });
  }
  // The nearest copy seen from `key`: "a/b/dep", then "a/dep", then "dep"; workspaces are left out.
  const resolve = (key: string, name: string): string | undefined => {
    const parts = splitKey(key);
    for (let n = parts.length; n >= 0; n--) {
      const candidate = [...parts.slice(0, n), name].join('/');
      const hit = keys.get(candidate);
      if (hit) return hit.workspace ? undefined : candidate;
    }
    return undefined;
  };
  const packages = new Map<string, LockPackage>();
  for (const [key, p] of keys) {
    if (p.workspace) continue;
    packages.set(key, { name: p.name, version: p.version, deps: Object.keys(p.deps).flatMap((n) => resolve(key, n) ?? []), needle: `${JSON.stringify(key)}: [` });
  }
  const workspaces = objectAt(doc.workspaces) ?? {};
  return {
    packages,
    importers: Object.entries(workspaces).map(([dir, value]) => {
      const w = objectAt(value) ?? {};
      const name = typeof w.name === 'string' ? w.name : dir || 'root';
      const direct = manifestDeps({ name, dependencies: stringMap(w.dependencies), devDependencies: stringMap(w.devDependencies), optionalDependencies: stringMap(w.optionalDependencies) });
      // A workspace's own copy of a dependency is keyed under the workspace's name.
      const from = dir === '' ? '' : name;
      return { dir, name, deps: direct.flatMap((d) => (resolve(from, d.name) ? [{ id: resolve(from, d.name)!, dev: d.dev }] : [])) };
    }),
  };
}

// "a/@scope/b/c" → ["a", "@scope/b", "c"]: a scoped name is one segment.
function splitKey(key: string): string[] {
  if (key === '') return [];
  const out: string[] = [];
  const parts = key.split('/');
  for (let i = 0; i < parts.length; i++) out.push(parts[i]!.startsWith('@') && i + 1 < parts.length ? `${parts[i]}/${parts[++i]}` : parts[i]!);
  return out;
}
