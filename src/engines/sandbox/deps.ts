// Dependency strategies and ecosystem detection: how (and whether) a project's dependencies reach the offline sandbox.
// auto (the default): the developer's installed node_modules bound read-only when there are any (a linked worktree's
// come from its main working tree, installed.ts), else none. vendored: the same, required. off: none, ever. host:
// the installed ones, else a read-only host cache plus an offline install inside the sandbox (offlineInstallArgv, which
// fetch.ts uses too).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Installed } from './installed.ts';
import type { DependencyStrategy } from './types.ts';

export type PackageManager = 'npm' | 'pnpm' | 'yarn';

export interface Ecosystem {
  name: 'javascript' | 'python' | 'go' | 'rust';
  manifest: string;
  supported: boolean;
  reason?: string;
}

export const HOST_CACHE_INSIDE = '/deps-cache';
const NPM_CACHE_COPY = '/tmp/bug-hunter-npm-cache';

export function detectEcosystems(root: string): Ecosystem[] {
  const found: Ecosystem[] = [];
  const has = (file: string) => existsSync(join(root, file));
  if (has('package.json')) found.push({ name: 'javascript', manifest: 'package.json', supported: true });
  for (const manifest of ['pyproject.toml', 'requirements.txt', 'setup.py']) {
    if (has(manifest)) {
      found.push({ name: 'python', manifest, supported: true, reason: 'runs with the system python3; dependencies only when vendored in the tree (no pip install offline)' });
      break;
    }
  }
  if (has('go.mod')) found.push({ name: 'go', manifest: 'go.mod', supported: true, reason: 'needs go on the system PATH and a vendor/ folder or an empty dependency list (GOPROXY=off)' });
  if (has('Cargo.toml')) found.push({ name: 'rust', manifest: 'Cargo.toml', supported: true, reason: 'needs cargo on the system PATH and vendored crates (CARGO_NET_OFFLINE=true)' });
  return found;
}

export function detectPackageManager(root: string): PackageManager {
  try {
    const field = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager?: unknown }).packageManager;
    if (typeof field === 'string') {
      const name = field.split('@')[0];
      if (name === 'pnpm' || name === 'yarn' || name === 'npm') return name;
    }
  } catch {
    // No or unreadable package.json: fall back to lockfiles.
  }
  if (existsSync(join(root, 'pnpm-lock.yaml'))) return 'pnpm';
  if (existsSync(join(root, 'yarn.lock'))) return 'yarn';
  return 'npm';
}

export interface DependencyPlan {
  strategy: DependencyStrategy;
  /** Bind the tree's node_modules read-only into the copy. */
  vendorNodeModules: boolean;
  roBinds: Array<{ host: string; inside: string }>;
  /** argv to run inside the sandbox before the command (an offline install), if any. */
  prepare?: string[];
  /** Set when the strategy cannot be honoured here; the caller reports it instead of running. */
  unsupported?: string;
}

/**
 * The plan for every strategy but fetch (fetch.ts): `installed` is what installedDependencies found, `pnp` Yarn
 * Plug'n'Play's loader when the tree uses it.
 */
export function planDependencies(root: string, requested: DependencyStrategy | undefined, installed: Installed, home = homedir(), pnp: string | null = null): DependencyPlan {
  const strategy = requested ?? 'auto';
  if (strategy === 'off') return { strategy, vendorNodeModules: false, roBinds: [] };
  if (pnp) {
    return { strategy, vendorNodeModules: false, roBinds: [], unsupported: `Yarn Plug'n'Play (${pnp}) is not supported: its dependencies live in zip archives its loader resolves, not in node_modules. Set nodeLinker: node-modules in .yarnrc.yml and reinstall, or run with --deps off` };
  }
  if (strategy === 'fetch') return { strategy, vendorNodeModules: false, roBinds: [], unsupported: 'fetch is planned by fetch.ts' };
  if (installed.kind === 'refused') return { strategy, vendorNodeModules: false, roBinds: [], unsupported: installed.reason };
  if (installed.kind === 'bind') return { strategy, vendorNodeModules: true, roBinds: [] };
  if (strategy === 'auto') return { strategy, vendorNodeModules: false, roBinds: [] };
  if (strategy === 'vendored') {
    if (existsSync(join(root, 'package.json'))) return { strategy, vendorNodeModules: false, roBinds: [], unsupported: 'vendored dependencies requested but the tree has no node_modules' };
    return { strategy, vendorNodeModules: false, roBinds: [] };
  }
  return hostPlan(root, home);
}

// Only the package store itself is exposed: never ~/.npmrc, ~/.config, or anything holding credentials.
function hostPlan(root: string, home: string): DependencyPlan {
  const manager = detectPackageManager(root);
  const dirs: Record<PackageManager, string> = { npm: join(home, '.npm', '_cacache'), pnpm: join(home, '.local', 'share', 'pnpm', 'store'), yarn: join(home, '.cache', 'yarn') };
  const dir = dirs[manager];
  if (!existsSync(dir)) return { strategy: 'host', vendorNodeModules: false, roBinds: [], unsupported: `host dependency cache for ${manager} not found at ${dir}` };
  const inside = manager === 'npm' ? `${HOST_CACHE_INSIDE}/npm/_cacache` : `${HOST_CACHE_INSIDE}/${manager}`;
  return { strategy: 'host', vendorNodeModules: false, roBinds: [{ host: dir, inside }], prepare: offlineInstallArgv(manager) };
}

/** The argv run inside the sandbox before the command: an offline install from the read-only cache. */
export function offlineInstallArgv(manager: PackageManager, registry?: string): string[] {
  const store = `${HOST_CACHE_INSIDE}/${manager}`;
  if (manager === 'pnpm') return ['pnpm', 'install', '--offline', '--frozen-lockfile', '--ignore-scripts', '--package-import-method=copy', `--store-dir=${store}`];
  if (manager === 'yarn') return ['yarn', 'install', '--offline', '--frozen-lockfile', '--ignore-scripts', '--non-interactive', '--ignore-engines', `--cache-folder=${store}`];
  // npm will not read a packument (needed when the lockfile omits `resolved`) from a cache it cannot write: the index
  // is copied into the sandbox's /tmp, the content stays read-only and is reached through a link.
  const index = `${NPM_CACHE_COPY}/_cacache`;
  return [
    'sh',
    '-c',
    `mkdir -p ${index} && cp -R ${store}/_cacache/index-v5 ${index}/ && ln -s ${store}/_cacache/content-v2 ${index}/content-v2 && exec npm ci --offline --ignore-scripts --no-audit --no-fund --cache=${NPM_CACHE_COPY}${registry ? ` --registry=${quoted(registry)}` : ''}`,
  ];
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

