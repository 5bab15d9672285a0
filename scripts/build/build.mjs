// Compiles src/ into dist/ with tsc (tsconfig.build.json, source maps); `bin` and `pnpm bug-hunter` run dist/.
// dist/.source-hash records a hash of the sources it was built from, so staleness is a content check, not a clock.
// Usage: node scripts/build/build.mjs [--if-stale] [--check]
//   --if-stale  build only when dist/ is missing or was built from other sources
//   --check     build nothing; exit 1 with a message when dist/ is stale
// Plain JavaScript on purpose: it runs from `prepare` and from scripts/test/run-tests.mjs, before any loader.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VENDORED, vendorPackages } from './vendor.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const HASH_FILE = '.source-hash';
// The V8 that built dist/ (and so its validators' code caches).
const V8_FILE = '.v8-version';
const CONFIG = 'tsconfig.build.json';

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The version of the package that `name` resolves to from root (its package.json above the entry); 'none' when absent. */
function installedVersion(root, name) {
  let dir;
  try {
    dir = dirname(createRequire(join(root, 'package.json')).resolve(name));
  } catch {
    return 'none';
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    if (pkg.name === name) return pkg.version;
  }
  return 'none';
}

/** The installed version of each package dist/vendor/ bundles: a new version is a new build. */
function vendoredVersions(root) {
  return [...new Set(Object.keys(VENDORED).map((s) => s.split('/').slice(0, 2).join('/')))].map((name) => `${name}@${installedVersion(root, name)}`);
}

// The scripts that write dist/ besides tsc: a change to how it is built is a new build too.
const BUILD_SCRIPTS = ['build.mjs', 'vendor.mjs', 'validators.mjs', 'bundle.mjs'];

/** Hash of everything the build reads: every file under src/ (path and content), both tsconfigs, the build scripts, the bundled packages' and esbuild's versions. */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256');
  const scripts = BUILD_SCRIPTS.map((name) => join(root, 'scripts', 'build', name)).filter((file) => existsSync(file));
  for (const file of [...listFiles(join(root, 'src')), join(root, 'tsconfig.json'), join(root, CONFIG), ...scripts]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const version of [...vendoredVersions(root), `esbuild@${installedVersion(root, 'esbuild')}`]) hash.update(version).update('\0');
  return hash.digest('hex');
}

/** 'fresh', 'missing' (never built) or 'stale' (built from other sources, or by another V8). */
export function distState(root = ROOT, v8 = process.versions.v8) {
  const stamp = join(root, 'dist', HASH_FILE);
  if (!existsSync(stamp)) return 'missing';
  if (readFileSync(stamp, 'utf8').trim() !== sourceHash(root)) return 'stale';
  // The validators' code caches are V8's: another V8 rejects them, and every process would compile every validator.
  // Kept apart from the source hash, which is the code version in every evidence-cache key (src/engines/cache/code-version.ts):
  // a cache entry stays good whichever node computed it.
  const builtBy = join(root, 'dist', V8_FILE);
  return existsSync(builtBy) && readFileSync(builtBy, 'utf8').trim() === v8 ? 'fresh' : 'stale';
}

/** Source folders that are not code: the static rules' cases (src/engines/static/rules/<rule-id>/fixtures/). */
const NOT_BUILT = /[\\/]engines[\\/]static[\\/]rules[\\/][^\\/]+[\\/]fixtures[\\/]/;

/** Plain JavaScript modules under src/ (a worker entry such as read-worker.mjs): tsc does not emit them, so they are copied. */
export function copyPlainModules(root, outDir) {
  const src = join(root, 'src');
  for (const file of listFiles(src).filter((f) => /\.[cm]?js$/.test(f) && !NOT_BUILT.test(f))) {
    const to = join(outDir, relative(src, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
}

/** Runs a build step (`node <args>`) in root; throws with its output when it fails. */
function runNode(root, what, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result;
}

/** Compiles into a side folder (with its schemas' validators as code, TypeBox bundled and the CLI bundled), then swaps it in, so a failed build never leaves half a dist/. */
export function build(root = ROOT) {
  const hash = sourceHash(root);
  const partial = join(root, `dist.partial-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  let tsc;
  try {
    tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    throw new Error('Cannot build dist/: typescript is not installed. Run `pnpm install` in the bug-hunter clone.');
  }
  try {
    // Types are checked by `pnpm typecheck`; the build only emits, which is several times faster.
    runNode(root, 'tsc', [tsc, '-p', join(root, CONFIG), '--noCheck', '--outDir', partial]);
    copyPlainModules(root, partial);
    vendorPackages(root, partial);
    // A process of its own: it imports every schema module of the new dist, which the caller (the test runner) should not.
    runNode(root, 'writing the schema validators', [join(root, 'scripts/build/validators.mjs'), partial]);
    // A process of its own too: esbuild's plugins (the bundle rewrites import.meta.url) need its asynchronous API.
    const bundled = runNode(root, 'bundling the CLI', [join(root, 'scripts/build/bundle.mjs'), partial, root]);
    if (bundled.stderr) process.stderr.write(bundled.stderr);
    writeFileSync(join(partial, HASH_FILE), `${hash}\n`);
    writeFileSync(join(partial, V8_FILE), `${process.versions.v8}\n`);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  renameSync(partial, join(root, 'dist'));
}

/** Builds when dist/ is missing or stale; returns what it found. Used by run-tests.mjs before the suite. */
export function buildIfStale(root = ROOT) {
  const state = distState(root);
  if (state !== 'fresh') build(root);
  return state;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  try {
    if (args.includes('--check')) {
      const state = distState();
      if (state !== 'fresh') {
        console.error(`dist/ is ${state === 'missing' ? 'missing' : 'stale (src/ or node changed since it was built)'}. Run \`node scripts/build/build.mjs\` (or \`pnpm build\`).`);
        process.exit(1);
      }
    } else if (args.includes('--if-stale')) {
      const state = buildIfStale();
      if (state !== 'fresh') console.error(`dist/ was ${state}: rebuilt.`);
    } else {
      build();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
