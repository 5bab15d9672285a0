// Pure rules for "read what runs": an extensionless script whose shebang names node is JavaScript, and a build
// folder that a package.json main/exports/bin points into is that package's code. No file system access.
import { posix } from 'node:path';

// `#!/usr/bin/env node`, `#!/usr/bin/node --flags`, `#!/usr/bin/env -S node …`; ts-node and tsx run TypeScript.
const SHEBANG = /^#![ \t]*\S*?\b(?:env[ \t]+(?:-\S+[ \t]+)*)?(node|nodejs|ts-node|tsx)(?:[ \t]|$)/;

/** The language a script's first line says runs it, or undefined when it is not a node shebang. */
export function shebangLanguage(head: string): 'javascript' | 'typescript' | undefined {
  const first = head.slice(0, head.indexOf('\n') === -1 ? head.length : head.indexOf('\n'));
  const m = SHEBANG.exec(first);
  if (!m) return undefined;
  return m[1] === 'ts-node' || m[1] === 'tsx' ? 'typescript' : 'javascript';
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** The repository paths a package.json's main, module, exports and bin name (unresolved: extensions may be missing),
 * each marked `runs` when Node runs it as the package (main, bin) rather than as one build among the alternatives
 * `module` and `exports` list (browser, minified, ESM copies). */
export function manifestTargets(manifestPath: string, text: string): Array<{ path: string; runs: boolean }> {
  const dir = posix.dirname(manifestPath) === '.' ? '' : posix.dirname(manifestPath);
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (!pkg || typeof pkg !== 'object') return [];
  const out: Array<{ path: string; runs: boolean }> = [];
  const named = [...[pkg.main, pkg.bin].flatMap(stringLeaves).map((t) => ({ t, runs: true })), ...[pkg.module, pkg.exports].flatMap(stringLeaves).map((t) => ({ t, runs: false }))];
  for (const { t, runs } of named) {
    const p = posix.normalize(posix.join(dir, t));
    if (!p.startsWith('../') && p !== '..' && !posix.isAbsolute(p) && p !== '.') out.push({ path: p, runs });
  }
  return out;
}

const OUTPUT = /^((?:.*\/)?)(dist|build)\/(.*)$/;
const SOURCE_EXT = /\.[cm]?[jt]sx?$/;

/** A path a package.json names as an entry, with the manifest that names it; `runs`: named by main or bin. */
export interface ManifestTarget { manifest: string; path: string; runs: boolean }

const ENTRY_EXTENSIONS = ['', '.js', '.cjs', '.mjs', '/index.js'];

/** The source twin of a build-output target (`dist/x.js` → `src/x.*`), when the listing has one. */
function hasSourceTwin(target: string, listed: ReadonlySet<string>): boolean {
  const m = OUTPUT.exec(target);
  if (!m) return false;
  const [, prefix = '', , rest = ''] = m;
  const twin = `${prefix}src/${rest.replace(SOURCE_EXT, '')}`;
  return ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.mts', '/index.ts', '/index.js'].some((e) => listed.has(twin + e));
}

/**
 * The listed files a package.json main or bin names, each with the manifest and the name it used: what Node runs as
 * the package. One with a source twin in the tree (`dist/x.js` beside `src/x.ts`) is left out: the source is read
 * instead. The alternatives `module` and `exports` list (a browser build, a minified copy) are not: one copy of the
 * code is enough, and the minified ones read as one-letter names.
 */
export function entryFiles(entries: readonly ManifestTarget[], listed: ReadonlySet<string>): Array<{ target: string; manifest: string; specifier: string }> {
  const out = new Map<string, { target: string; manifest: string; specifier: string }>();
  for (const { manifest, path, runs } of entries) {
    if (!runs) continue;
    const file = ENTRY_EXTENSIONS.map((e) => path + e).find((p) => listed.has(p));
    if (!file || out.has(file) || hasSourceTwin(path, listed)) continue;
    out.set(file, { target: file, manifest, specifier: path });
  }
  return [...out.values()];
}

/**
 * Build-output folders whose files are a package's code: a main/exports/bin target inside `dist/` or `build/`
 * whose source twin (`src/…` with any JS/TS extension) is not in the listing. Each folder comes with the reason.
 */
export function servedOutputDirs(targets: readonly string[], listed: ReadonlySet<string>): Map<string, string> {
  const served = new Map<string, string>();
  const has = (p: string) => ENTRY_EXTENSIONS.some((e) => listed.has(p + e));
  for (const target of targets) {
    const m = OUTPUT.exec(target);
    if (!m || !has(target) || hasSourceTwin(target, listed)) continue;
    const [, prefix = '', folder = ''] = m;
    const dir = `${prefix}${folder}/`;
    if (!served.has(dir)) served.set(dir, `package entry ${target} is built code with no source twin in the tree`);
  }
  return served;
}
