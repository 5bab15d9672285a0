// Fetches package versions into the real-world cache with `npm pack` (the registry's own client), checks the
// tarball against the integrity npm reports, extracts it, and skips what is already there. Never writes into
// the repository: the cache lives outside it (~/.cache/bug-hunter/real-world by default).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import { packageKey } from './corpus.ts';

export const CACHE_ENV = 'BUG_HUNTER_REAL_WORLD_CACHE';

/** The cache folder: --cache, else $BUG_HUNTER_REAL_WORLD_CACHE, else ~/.cache/bug-hunter/real-world. */
export function cacheDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  if (flag) return resolve(cwd, flag);
  if (env[CACHE_ENV]) return resolve(cwd, env[CACHE_ENV]);
  return join(homedir(), '.cache', 'bug-hunter', 'real-world');
}

/** Where one fetched version's source tree is (the tarball's single top folder, usually `package/`). */
export function sourceDir(cache: string, name: string, version: string): string {
  return join(cache, 'packages', packageKey(name, version), 'src');
}

export interface FetchResult {
  key: string;
  status: 'cached' | 'fetched' | 'failed';
  error?: string;
}

interface PackInfo {
  filename: string;
  integrity: string;
}

function sri(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

async function packOne(name: string, version: string, work: string, signal?: AbortSignal): Promise<PackInfo> {
  const run = await execa('npm', ['pack', `${name}@${version}`, '--json', '--silent', '--ignore-scripts', '--pack-destination', work], {
    cwd: work,
    reject: false,
    timeout: 120_000,
    ...(signal ? { cancelSignal: signal } : {}),
  });
  if (run.exitCode !== 0) throw new Error(`npm pack ${name}@${version} failed (exit ${run.exitCode}): ${String(run.stderr).split('\n').find((l) => l.trim()) ?? 'no message'}`);
  let info: PackInfo[];
  try {
    info = JSON.parse(String(run.stdout)) as PackInfo[];
  } catch {
    throw new Error(`npm pack ${name}@${version} printed no JSON.`);
  }
  const first = info[0];
  if (!first?.filename || !first.integrity) throw new Error(`npm pack ${name}@${version} reported no file or integrity.`);
  return { filename: first.filename.replace(/^@/, '').replace('/', '-'), integrity: first.integrity };
}

/** Fetches one version unless its source is already in the cache. */
export async function fetchPackage(cache: string, name: string, version: string, signal?: AbortSignal): Promise<FetchResult> {
  const key = packageKey(name, version);
  const home = join(cache, 'packages', key);
  if (existsSync(join(home, 'fetch.json')) && existsSync(join(home, 'src'))) return { key, status: 'cached' };
  mkdirSync(join(cache, 'packages'), { recursive: true });
  const work = mkdtempSync(join(cache, 'packages', `.fetch-${key}-`));
  try {
    const pack = await packOne(name, version, work, signal);
    const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')) ?? pack.filename);
    const actual = sri(tarball);
    if (actual !== pack.integrity) throw new Error(`integrity mismatch for ${key}: npm reported ${pack.integrity}, the tarball hashes to ${actual}.`);
    const out = join(work, 'x');
    mkdirSync(out);
    const tar = await execa('tar', ['-xzf', tarball, '-C', out, '--no-same-owner', '--no-same-permissions', '--warning=no-unknown-keyword'], { reject: false, timeout: 120_000 });
    if (tar.exitCode !== 0) throw new Error(`could not extract ${key}: ${String(tar.stderr).split('\n')[0]}`);
    await execa('chmod', ['-R', 'u+rwX', out], { reject: false });
    const top = readdirSync(out);
    if (top.length !== 1) throw new Error(`${key}: the tarball has ${top.length} top-level entries, expected one folder.`);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    renameSync(join(out, top[0]!), join(home, 'src'));
    renameSync(tarball, join(home, 'package.tgz'));
    writeJsonAtomic(join(home, 'fetch.json'), { name, version, integrity: pack.integrity, fetchedAt: new Date().toISOString() });
    return { key, status: 'fetched' };
  } catch (error) {
    return { key, status: 'failed', error: (error as Error).message };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
