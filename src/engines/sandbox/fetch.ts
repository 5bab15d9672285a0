// The `fetch` dependency strategy: one online prefetch of the locked packages into a cache keyed by the lockfile's
// hash, then an offline install from that cache, read-only, inside the sandbox for every run. The prefetch runs on
// the host with lifecycle scripts off, in a scratch folder holding only the manifests and the lockfile: the
// scanned repository's .npmrc / .yarnrc / pnpm settings never reach it (the registry is the user's: their own config
// or npm_config_registry). A cache folder appears by one rename once complete, so a half fetch is never used.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { detectPackageManager, HOST_CACHE_INSIDE, offlineInstallArgv, type DependencyPlan, type PackageManager } from './deps.ts';

const LOCKFILES: Record<PackageManager, string[]> = {
  npm: ['package-lock.json', 'npm-shrinkwrap.json'],
  pnpm: ['pnpm-lock.yaml'],
  yarn: ['yarn.lock'],
};
const PREFETCH_MS = 600_000;
const REGISTRY_FILE = 'bug-hunter-registry';
const SKIP = new Set(['node_modules', '.git', '.bug-hunter', '.hg', '.svn']);

/** `$XDG_CACHE_HOME/bug-hunter/deps`, else `~/.cache/bug-hunter/deps`. */
export function fetchCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(cache, 'bug-hunter', 'deps');
}

/** The host argv that fills `store` from the lockfile in the current folder, online, scripts off. */
export function prefetchArgv(manager: PackageManager, store: string): string[] {
  if (manager === 'pnpm') return ['pnpm', 'fetch', '--ignore-scripts', `--store-dir=${store}`];
  if (manager === 'yarn') return ['yarn', 'install', '--frozen-lockfile', '--ignore-scripts', '--non-interactive', '--ignore-engines', `--cache-folder=${store}`];
  return ['npm', 'ci', '--ignore-scripts', '--no-audit', '--no-fund', `--cache=${store}`];
}

export function lockfileOf(root: string, manager: PackageManager): string | null {
  return LOCKFILES[manager].find((name) => existsSync(join(root, name))) ?? null;
}

// One prefetch per cache folder per process: every check of a run shares it.
const inFlight = new Map<string, Promise<{ ok: true; fetched: boolean } | { ok: false; reason: string }>>();

/** The fetch plan for `root`: the prefetched cache bound read-only and the offline install to run first. */
export async function fetchPlan(root: string, cacheRoot = fetchCacheRoot(), signal?: AbortSignal): Promise<DependencyPlan & { fetched?: boolean }> {
  if (!existsSync(join(root, 'package.json'))) return { strategy: 'fetch', vendorNodeModules: false, roBinds: [] };
  const manager = detectPackageManager(root);
  const lockfile = lockfileOf(root, manager);
  if (!lockfile) {
    return { strategy: 'fetch', vendorNodeModules: false, roBinds: [], unsupported: `fetch needs ${manager}'s lockfile (${LOCKFILES[manager].join(' or ')}) to key its cache and install offline; none in the tree` };
  }
  const dir = join(cacheRoot, `${manager}-${sha256(`${manager}\n${readFileSync(join(root, lockfile), 'utf8')}`).slice(0, 16)}`);
  let job = inFlight.get(dir);
  if (!job) {
    job = existsSync(dir) ? Promise.resolve({ ok: true as const, fetched: false }) : prefetch(root, manager, lockfile, dir, signal);
    inFlight.set(dir, job);
    void job.then((r) => {
      if (!r.ok) inFlight.delete(dir);
    });
  }
  const done = await job;
  if (!done.ok) return { strategy: 'fetch', vendorNodeModules: false, roBinds: [], unsupported: done.reason };
  // npm looks a packument up under the registry it was fetched from (a lockfile may omit `resolved`).
  const registry = existsSync(join(dir, REGISTRY_FILE)) ? readFileSync(join(dir, REGISTRY_FILE), 'utf8').trim() : undefined;
  return { strategy: 'fetch', vendorNodeModules: false, roBinds: [{ host: dir, inside: `${HOST_CACHE_INSIDE}/${manager}` }], prepare: offlineInstallArgv(manager, registry), fetched: done.fetched };
}

async function prefetch(root: string, manager: PackageManager, lockfile: string, dir: string, signal?: AbortSignal): Promise<{ ok: true; fetched: boolean } | { ok: false; reason: string }> {
  mkdirSync(dirname(dir), { recursive: true });
  const work = mkdtempSync(join(dirname(dir), '.fetching-'));
  try {
    const scratch = join(work, 'project');
    copyManifests(root, scratch, lockfile);
    const store = join(work, 'store');
    const argv = prefetchArgv(manager, store);
    const failed = await runHost(argv, scratch, signal);
    if (failed) return { ok: false, reason: `the ${manager} prefetch (${argv.slice(0, 2).join(' ')}, lifecycle scripts off) failed: ${failed}` };
    if (!existsSync(store)) return { ok: false, reason: `the ${manager} prefetch left no cache at ${store}` };
    if (manager === 'npm') {
      const registry = await runHost(['npm', 'config', 'get', 'registry'], scratch, signal, true);
      if (registry && /^https?:\/\/\S+$/.test(registry)) writeFileSync(join(store, REGISTRY_FILE), `${registry}\n`);
    }
    try {
      renameSync(store, dir);
    } catch (error) {
      // Another process finished the same lockfile first: its cache serves.
      if (!existsSync(dir)) throw error;
    }
    return { ok: true, fetched: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// The manifests (package.json of the root and of every workspace package), the lockfile and pnpm's workspace list:
// nothing else of the repository, so its own package-manager settings and scripts stay behind.
function copyManifests(root: string, scratch: string, lockfile: string): void {
  const wanted = new Set(['package.json', lockfile, 'pnpm-workspace.yaml']);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && (entry.name === 'package.json' || (dir === root && wanted.has(entry.name)))) {
        const to = join(scratch, relative(root, path));
        mkdirSync(dirname(to), { recursive: true });
        cpSync(path, to);
      }
    }
  };
  walk(root);
}

/** Null when the command succeeded, else the last lines of what it said (`answer`: its output on success, null on failure). */
function runHost(argv: string[], cwd: string, signal?: AbortSignal, answer = false): Promise<string | null> {
  return new Promise((done) => {
    const env = { ...process.env, npm_config_ignore_scripts: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    execFile(argv[0]!, argv.slice(1), { cwd, env, timeout: PREFETCH_MS, maxBuffer: 64 * 1024 * 1024, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      if (answer) return done(error ? null : stdout.trim());
      if (!error) return done(null);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return done(`${argv[0]} is not installed`);
      const said = `${stderr}\n${stdout}`.trim().split('\n').slice(-4).join(' | ');
      done(said || error.message);
    });
  });
}
