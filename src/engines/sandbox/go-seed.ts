// The Go build-cache seed. A bubblewrap sandbox starts with an empty GOCACHE, so every `go test` in it compiled the
// standard library it uses again (seconds of CPU each, tens of seconds since Go 1.20 stopped shipping it compiled).
// The seed is a build cache of the standard library, made once per Go toolchain on the host from a module of our own
// (never the target's code), under the user's cache folder. The sandbox sees it read-only and copies it into its
// own throw-away GOCACHE before the command runs: nothing of the target reaches the seed, and nothing inside writes it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { SANDBOX_HOME, sandboxEnv } from './env.ts';

/** Where the sandbox sees the seed (read-only), and the GOCACHE it copies it into (its tmpfs). */
export const GO_SEED_INSIDE = '/go-seed-cache';
export const GO_CACHE_INSIDE = `${SANDBOX_HOME}/.cache/go-build`;

// The standard packages a package's tests commonly use; `testing` and what `go vet` needs come with `go test`.
const SEED_IMPORTS = [
  'bufio', 'bytes', 'context', 'encoding/json', 'errors', 'fmt', 'io', 'math', 'net/http', 'net/http/httptest', 'os',
  'path/filepath', 'reflect', 'regexp', 'sort', 'strconv', 'strings', 'sync', 'time',
];
const SEED_BUILD_MS = 300_000;

/** `$XDG_CACHE_HOME/bug-hunter/go-build`, else `~/.cache/bug-hunter/go-build` (a relative XDG path is ignored). */
export function goSeedRoot(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(cache, 'bug-hunter', 'go-build');
}

/** The shell step, run inside the sandbox before the command, that fills its GOCACHE from the seed (never fatal). */
export const GO_SEED_SETUP = `mkdir -p '${GO_CACHE_INSIDE}' && { cp -R ${GO_SEED_INSIDE}/. '${GO_CACHE_INSIDE}' 2>/dev/null || true; }`;

// One answer per seed folder per process: `go env` and, the first time on a machine, the seed build.
const seeds = new Map<string, Promise<string | null>>();

/** The seed for the go the sandbox finds on its PATH, built under `root` when missing; null without go or on failure. */
export function goSeedCache(root = goSeedRoot()): Promise<string | null> {
  let seed = seeds.get(root);
  if (!seed) {
    seed = findOrBuildSeed(root);
    seeds.set(root, seed);
  }
  return seed;
}

async function findOrBuildSeed(root: string): Promise<string | null> {
  // The sandbox's own environment, so the seed's build flags are the sandbox's (a different flag is a cache miss).
  const toolchain = await goOutput(['env', 'GOVERSION', 'GOROOT', 'GOOS', 'GOARCH', 'CGO_ENABLED', 'GOFLAGS'], { ...sandboxEnv(), HOME: root, TMPDIR: tmpdir() });
  if (toolchain === null) return null;
  const seed = join(root, sha256(toolchain).slice(0, 16));
  if (existsSync(seed)) return seed;
  try {
    mkdirSync(root, { recursive: true });
    const work = mkdtempSync(join(root, '.building-'));
    try {
      writeSeedModule(join(work, 'module'));
      const built = await goOutput(['test', '-count=1', '.'], { ...hostEnv(work), GOCACHE: join(work, 'cache') }, join(work, 'module'));
      if (built === null) return null;
      // Complete or absent: the folder appears by one rename. Another process may have won the race; its seed serves.
      renameSync(join(work, 'cache'), seed);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } catch {
    if (!existsSync(seed)) return null;
  }
  return seed;
}

function writeSeedModule(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'go.mod'), 'module bughunter.invalid/goseed\n\ngo 1.19\n');
  const uses = SEED_IMPORTS.map((path) => `\t_ "${path}"`).join('\n');
  writeFileSync(join(dir, 'seed.go'), `package seed\n\nimport (\n${uses}\n)\n`);
  writeFileSync(join(dir, 'seed_test.go'), 'package seed\n\nimport "testing"\n\nfunc TestSeed(t *testing.T) {}\n');
}

/** The sandbox's variables with a home and temp folder on the host (the sandbox's own do not exist here). */
function hostEnv(dir: string): Record<string, string> {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  return { ...sandboxEnv(), HOME: home, TMPDIR: dir };
}

function goOutput(args: string[], env: Record<string, string>, cwd?: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('go', args, { env, cwd, encoding: 'utf8', timeout: SEED_BUILD_MS }, (error, stdout) => resolve(error ? null : stdout));
  });
}
