// The library threat model's scope: which packages in the target are libraries, whose callers (not a request)
// are the attacker. Pure: package.json texts and the scanned paths in, one decision with its reason per package.
import { posix } from 'node:path';

export interface PublicApiPackage {
  /** The package name from package.json (or its folder). */
  package: string;
  /** Folder of the package.json, '' for the repository root. */
  dir: string;
  reason: string;
}

export interface PublicApiDecision {
  libraries: PublicApiPackage[];
  /** Packages examined and not treated as libraries, with why. */
  notes: string[];
}

const SERVER_DEPS = new Set(['express', 'koa', 'fastify', '@hapi/hapi', 'hapi', 'restify', 'next', '@nestjs/core', 'nuxt', 'hono', '@remix-run/node', '@sveltejs/kit']);
const INDEX_FILES = ['index.js', 'index.cjs', 'index.mjs', 'index.ts'];

function entryReason(pkg: Record<string, unknown>): string | undefined {
  for (const field of ['exports', 'main', 'module', 'bin'] as const) {
    const value = pkg[field];
    if (typeof value === 'string') return `package.json "${field}" is ${value}`;
    if (value && typeof value === 'object') return `package.json "${field}" names entry points`;
  }
  return undefined;
}

/** Libraries: a package.json with main/exports/module/bin (or an index file node loads by default) that is not private and not a server app. */
export function publicApiPackages(manifests: ReadonlyMap<string, string>, scanned: readonly string[]): PublicApiDecision {
  const libraries: PublicApiPackage[] = [];
  const notes: string[] = [];
  const files = new Set(scanned);
  for (const [path, text] of [...manifests].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (posix.basename(path) !== 'package.json') continue;
    const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    let pkg: Record<string, unknown>;
    try {
      pkg = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!pkg || typeof pkg !== 'object' || Array.isArray(pkg)) continue;
    const name = typeof pkg.name === 'string' ? pkg.name : posix.basename(dir || '.');
    if (pkg.private === true) {
      notes.push(`${path}: private package, treated as an application (request and CLI input are its sources).`);
      continue;
    }
    const scripts = (pkg.scripts ?? {}) as Record<string, unknown>;
    const deps = Object.keys((pkg.dependencies as object | undefined) ?? {});
    const server = deps.find((d) => SERVER_DEPS.has(d));
    if (server && typeof scripts.start === 'string' && !pkg.exports) {
      notes.push(`${path}: depends on ${server} and has a start script, treated as an application.`);
      continue;
    }
    const index = INDEX_FILES.find((f) => files.has(dir ? `${dir}/${f}` : f));
    const reason = entryReason(pkg) ?? (index ? `package.json has no main; node loads ${index}` : undefined);
    if (reason) libraries.push({ package: name, dir, reason: `${reason}: parameters of its exported functions are its callers' input.` });
  }
  return { libraries, notes };
}
