// Stack facts from manifests and lock files: frameworks, package managers, CLI bins and package entry
// files. Pure: manifest texts in, facts out; a manifest that does not parse becomes a note, not a crash.
import { posix } from 'node:path';
import { COMPOSER_FRAMEWORKS, CARGO_FRAMEWORKS, GEM_FRAMEWORKS, GO_FRAMEWORKS, LOCK_FILES, NPM_FRAMEWORKS, PYTHON_FRAMEWORKS } from './frameworks.ts';

export interface ManifestFacts {
  frameworks: Set<string>;
  packageManagers: Set<string>;
  /** package.json "bin" targets: [name, repository path]. */
  bins: { name: string; file: string }[];
  /** package.json main/module/exports targets as repository paths (may point at build output). */
  apiEntries: string[];
  notes: string[];
}

/** The repository root and every folder above a file in scope: where manifests are looked for. */
export function manifestDirs(paths: readonly string[]): string[] {
  const dirs = new Set<string>(['']);
  for (const p of paths) for (let d = posix.dirname(p); d !== '.' && d !== ''; d = posix.dirname(d)) dirs.add(d);
  return [...dirs].sort();
}

function joinInside(dir: string, rel: string): string | undefined {
  const p = posix.normalize(posix.join(dir, rel));
  return p.startsWith('../') || p === '..' || posix.isAbsolute(p) || p === '.' ? undefined : p;
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

function record(map: Record<string, string>, names: Iterable<string>, into: Set<string>): void {
  for (const n of names) {
    const hit = map[n] ?? map[n.toLowerCase()];
    if (hit) into.add(hit);
  }
}

function packageJson(path: string, text: string, facts: ManifestFacts): void {
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    facts.notes.push(`${path} is not valid JSON (${(error as Error).message}); its dependencies were not read.`);
    return;
  }
  const deps = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys((pkg[k] as object | undefined) ?? {}));
  record(NPM_FRAMEWORKS, deps, facts.frameworks);
  const pm = typeof pkg.packageManager === 'string' ? /^([a-z]+)@/.exec(pkg.packageManager)?.[1] : undefined;
  if (pm) facts.packageManagers.add(pm);
  const name = typeof pkg.name === 'string' ? pkg.name : posix.basename(dir || '.');
  const bins: [string, unknown][] = typeof pkg.bin === 'string' ? [[name.replace(/^@[^/]+\//, ''), pkg.bin]] : Object.entries((pkg.bin as object | undefined) ?? {});
  for (const [bin, target] of bins) {
    const file = typeof target === 'string' ? joinInside(dir, target) : undefined;
    if (file) facts.bins.push({ name: bin, file });
  }
  const entries = [pkg.main, pkg.module, pkg.exports].flatMap(stringLeaves).filter((t) => /\.[cm]?[jt]sx?$/.test(t) && !/\.d\.[cm]?ts$/.test(t));
  for (const t of entries) {
    const file = joinInside(dir, t);
    if (file && !facts.apiEntries.includes(file)) facts.apiEntries.push(file);
  }
}

function lineNames(text: string, re: RegExp): string[] {
  return [...text.matchAll(re)].map((m) => (m[1] ?? '').toLowerCase());
}

export function analyseManifests(texts: ReadonlyMap<string, string>, lockFiles: readonly string[]): ManifestFacts {
  const facts: ManifestFacts = { frameworks: new Set(), packageManagers: new Set(), bins: [], apiEntries: [], notes: [] };
  for (const [path, text] of [...texts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const base = posix.basename(path);
    if (base === 'package.json') packageJson(path, text, facts);
    else if (base.startsWith('requirements')) {
      facts.packageManagers.add('pip');
      record(PYTHON_FRAMEWORKS, lineNames(text, /^\s*([A-Za-z0-9_.-]+)/gm), facts.frameworks);
    } else if (base === 'pyproject.toml' || base === 'Pipfile' || base === 'setup.py' || base === 'setup.cfg') {
      record(PYTHON_FRAMEWORKS, lineNames(text, /["'\s]([A-Za-z0-9_.-]+)\s*(?:[<>=~!;["']|$)/gm), facts.frameworks);
      record(PYTHON_FRAMEWORKS, lineNames(text, /^\s*([A-Za-z0-9_.-]+)\s*=/gm), facts.frameworks);
    } else if (base === 'go.mod') {
      facts.packageManagers.add('go');
      record(GO_FRAMEWORKS, lineNames(text, /^\s*(?:require\s+)?([\w.-]+\.[\w./-]+)\s+v/gm), facts.frameworks);
    } else if (base === 'Cargo.toml') {
      facts.packageManagers.add('cargo');
      record(CARGO_FRAMEWORKS, lineNames(text, /^\s*([A-Za-z0-9_-]+)\s*=/gm), facts.frameworks);
    } else if (base === 'Gemfile') {
      facts.packageManagers.add('bundler');
      record(GEM_FRAMEWORKS, lineNames(text, /^\s*gem\s+['"]([^'"]+)['"]/gm), facts.frameworks);
    } else if (base === 'composer.json') {
      facts.packageManagers.add('composer');
      record(COMPOSER_FRAMEWORKS, lineNames(text, /"([a-z0-9_.-]+\/[a-z0-9_.-]+)"\s*:/g), facts.frameworks);
    } else if (base === 'pom.xml') facts.packageManagers.add('maven');
    else if (base.startsWith('build.gradle')) facts.packageManagers.add('gradle');
  }
  for (const lock of lockFiles) {
    const pm = LOCK_FILES[posix.basename(lock)];
    if (pm) facts.packageManagers.add(pm);
  }
  return facts;
}
