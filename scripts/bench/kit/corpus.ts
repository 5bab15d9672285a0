// The bench corpus of real npm packages: fetched once with `npm pack` into a cache outside the repository
// (BUG_HUNTER_BENCH_CACHE, default ~/.cache/bug-hunter-bench) and unpacked into one tree, one folder per package.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** Twenty mature packages at fixed versions, so every run measures the same code. */
export const SCAN_PACKAGES = [
  'axios@1.21.1', 'body-parser@2.4.0', 'chalk@4.1.2', 'commander@14.0.3', 'debug@4.4.3', 'ejs@7.0.2',
  'express@4.22.3', 'jsonwebtoken@9.0.3', 'koa@3.3.0', 'lodash@4.18.1', 'minimist@1.2.8', 'mysql@2.18.1',
  'pg@8.23.1', 'qs@6.17.1', 'semver@7.8.6', 'ws@8.23.1', 'yargs@18.2.0', 'moment@2.31.0', 'async@3.2.6', 'uuid@14.0.3',
] as const;

export function benchCache(): string {
  return process.env.BUG_HUNTER_BENCH_CACHE ?? join(homedir(), '.cache', 'bug-hunter-bench');
}

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr.slice(0, 500)}`);
}

/** Returns a tree holding every package unpacked; fetches the missing tarballs from the npm registry. */
export function packageTree(packages: readonly string[] = SCAN_PACKAGES): string {
  const cache = benchCache();
  const tarballs = join(cache, 'tgz');
  const tree = join(cache, 'tree');
  mkdirSync(tarballs, { recursive: true });
  mkdirSync(tree, { recursive: true });
  for (const spec of packages) {
    const folder = join(tree, spec.replace('/', '__'));
    if (existsSync(folder)) continue;
    const before = new Set(readdirSync(tarballs));
    run('npm', ['pack', '--silent', spec], tarballs);
    const tgz = readdirSync(tarballs).find((f) => !before.has(f)) ?? readdirSync(tarballs).find((f) => f.startsWith(spec.replace(/^@/, '').replace('/', '-').replace('@', '-')));
    if (!tgz) throw new Error(`npm pack ${spec} wrote no tarball in ${tarballs}.`);
    const partial = `${folder}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    run('tar', ['-xzf', join(tarballs, tgz), '-C', partial, '--strip-components=1'], tree);
    renameSync(partial, folder);
  }
  // Only the packages asked for: a stale extra folder would change the figures.
  for (const name of readdirSync(tree)) {
    if (!packages.some((p) => p.replace('/', '__') === name)) rmSync(join(tree, name), { recursive: true, force: true });
  }
  return tree;
}
