// Local documentation for library claims: the installed package's version, README and type definitions under
// node_modules. Nothing is fetched; a missing package is reported as such (the claim then counts for less).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { containPath } from '../../foundations/fs/paths.ts';

export interface PackageDocs {
  package: string;
  version: string | null;
  found: boolean;
  /** Where the text came from, e.g. node_modules/qs/README.md. */
  source: string;
  excerpt: string;
}

const MAX_EXCERPT = 6000;

export function lookupPackageDocs(root: string, name: string): PackageDocs {
  if (!/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+$/i.test(name)) return { package: name, version: null, found: false, source: 'invalid package name', excerpt: '' };
  const dir = containPath(root, join('node_modules', name));
  if (!dir.ok) return { package: name, version: null, found: false, source: `node_modules/${name} not installed`, excerpt: '' };
  let version: string | null = null;
  let types: string | undefined;
  try {
    const manifest = JSON.parse(readFileSync(join(dir.absolute, 'package.json'), 'utf8')) as { version?: string; types?: string; typings?: string };
    version = manifest.version ?? null;
    types = manifest.types ?? manifest.typings;
  } catch {
    // A package folder without a readable manifest still may have a README.
  }
  for (const file of ['README.md', 'readme.md', 'Readme.md', types].filter((f): f is string => Boolean(f))) {
    const path = join(dir.absolute, file);
    if (existsSync(path)) {
      return { package: name, version, found: true, source: `node_modules/${name}/${file}`, excerpt: readFileSync(path, 'utf8').slice(0, MAX_EXCERPT) };
    }
  }
  return { package: name, version, found: false, source: `node_modules/${name} has no README or type definitions`, excerpt: '' };
}

/** Bare package names imported or required by a JS/TS file. */
export function importedPackages(content: string): string[] {
  const names = new Set<string>();
  const re = /(?:from\s+|require\(\s*|import\(\s*)['"]([^'"./][^'"]*)['"]/g;
  for (const m of content.matchAll(re)) {
    const spec = m[1]!;
    if (spec.startsWith('node:')) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names].sort();
}
