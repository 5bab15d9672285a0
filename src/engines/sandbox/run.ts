// runSandboxed: copy the workspace, pick the dependency plan, run the argv in the chosen backend with limits,
// redact the output, delete the copy. Outcomes are data; only a sandbox that cannot run throws.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prlimitPrefix, resolveLimits } from './limits.ts';
import { redact, secretValuesFrom } from '../../foundations/text/redact.ts';
import { sandboxEnv } from './env.ts';
import { spawnBounded, type SpawnOutcome } from './spawn.ts';
import { copyWorkspace, type WorkspaceCopy } from './workspace.ts';
import { planDependencies, type DependencyPlan } from './deps.ts';
import { installedDependencies, mainTreeOf, plugAndPlay, type Installed } from './installed.ts';
import { fetchPlan } from './fetch.ts';
import { firstClosedFolder, sandboxIdentity, stageReadOnly } from './identity.ts';
import { GO_CACHE_INSIDE, GO_SEED_INSIDE, GO_SEED_SETUP, goSeedCache } from './go-seed.ts';
import { SandboxUnavailableError, type PreparedRun, type SandboxBackend, type SandboxRequest, type SandboxResult } from './types.ts';

export const INSIDE_WORKSPACE = '/workspace';
// How the step before the command says the offline install failed (never a verdict on the command).
const INSTALL_FAILED = 'bug-hunter: the offline dependency install failed';
const INSTALL_EXIT = 97;

export async function runSandboxed(backend: SandboxBackend, request: SandboxRequest): Promise<SandboxResult> {
  const unavailable = backend.unavailableReason();
  if (unavailable) throw new SandboxUnavailableError(`Sandbox backend ${backend.name} cannot run: ${unavailable}.`);
  if (request.argv.length === 0) throw new RangeError('runSandboxed needs a non-empty argv.');
  const limits = resolveLimits(request.limits);
  const secrets = [...secretValuesFrom(process.env), ...(request.secrets ?? [])];
  const id = sandboxIdentity();
  // The sandbox's uid must walk to its copy in the temporary folder; one only root may enter failed later inside bwrap
  // with a bare "Permission denied". Checked before anything is copied there.
  const closed = id.uid !== undefined ? firstClosedFolder(tmpdir()) : null;
  if (closed) {
    throw new SandboxUnavailableError(
      `The sandbox runs as a uid of its own (bug-hunter runs as root), which cannot enter ${closed} on the way to the temporary folder ${tmpdir()}: give other users search permission there (chmod o+x) or set TMPDIR to a folder they can enter, such as /tmp.`,
    );
  }
  let copy: WorkspaceCopy;
  try {
    copy = copyWorkspace(request.workspace, request.files);
  } catch (error) {
    throw new SandboxUnavailableError(`Could not copy ${request.workspace} into a throw-away workspace: ${(error as Error).message}.`, { cause: error });
  }
  try {
    const { deps, installed } = await dependencyPlan(request, copy);
    if (deps.unsupported) return errorResult(backend, `dependencies: ${deps.unsupported}`);
    if (backend.name === 'none' && deps.roBinds.length > 0) return errorResult(backend, `dependencies: the ${deps.strategy} strategy needs a sandbox backend that can mount the cache`);
    if (backend.name === 'none' && (request.readOnly?.length ?? 0) > 0) return errorResult(backend, 'read-only folders need a sandbox backend that can mount them');
    const inside = backend.name === 'none' ? copy.dir : INSIDE_WORKSPACE;
    // The installed node_modules (the tree's own, or a linked worktree's main tree's), each already checked: the
    // folder in its tree, every link under it into the repository or a package store (bound at its own path).
    const vendored =
      deps.vendorNodeModules && installed.kind === 'bind'
        ? [...installed.binds.map((b) => ({ host: b.host, inside: `${inside}/${b.rel}` })), ...(backend.name === 'none' ? [] : installed.stores.map((s) => ({ host: s, inside: s })))]
        : [];
    const goSeed = await goSeedFor(backend, request);
    const roBinds = [...deps.roBinds, ...vendored, ...(request.readOnly ?? []), ...(goSeed ? [{ host: goSeed, inside: GO_SEED_INSIDE, unchanging: true }] : [])];
    const staged = stageReadOnly(roBinds, copy, id, backend.name === 'none');
    // Steps before the command: the Go cache filled from its seed, an offline install (its output to stderr).
    const setup = [...(goSeed ? [GO_SEED_SETUP] : []), ...(deps.prepare ? [`{ ${shellJoin(deps.prepare)} >&2 || { echo '${INSTALL_FAILED}' >&2; exit ${INSTALL_EXIT}; }; }`] : [])];
    const env = { ...(goSeed ? { GOCACHE: GO_CACHE_INSIDE } : {}), ...request.env };
    const run: PreparedRun = {
      // With steps to do first, a tiny sh runs them and then execs the command.
      argv: setup.length > 0 ? ['sh', '-c', `${setup.join(' && ')} && exec "$@"`, 'sh', ...request.argv] : request.argv,
      copy: copy.dir,
      insideWorkspace: inside,
      cwdInside: request.cwd ? `${inside}/${request.cwd}` : inside,
      env: hostSideEnv(backend, copy, sandboxEnv(env, [`${inside}/node_modules/.bin`])),
      limits,
      roBinds: staged,
      ...id,
    };
    const outcome = await spawnBounded([...prlimitPrefix(limits), ...backend.command(run)], {
      cwd: backend.name === 'none' ? run.cwdInside : copy.dir,
      env: backend.name === 'none' ? run.env : { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
      timeoutMs: limits.timeoutMs,
      maxOutputBytes: limits.maxOutputBytes,
      statusPipe: backend.name === 'bwrap',
      ...(id.uid !== undefined ? { uid: id.uid, gid: id.gid } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const result = toResult(backend, outcome, secrets);
    // The offline install before the command failed: the dependencies are missing, the command never ran.
    if (deps.prepare && result.exitCode === INSTALL_EXIT && result.stderr.includes(INSTALL_FAILED)) {
      const said = result.stderr.split('\n').filter((l) => l.trim() && !l.includes(INSTALL_FAILED)).slice(-2).join(' | ');
      return { ...result, status: 'ERROR', reason: `dependencies: the offline install before the command (--deps ${deps.strategy}) failed: ${said || 'no message'}` };
    }
    return result;
  } finally {
    copy.remove();
  }
}

/** The dependency plan of a request, with the installed node_modules it may bind. */
async function dependencyPlan(request: SandboxRequest, copy: WorkspaceCopy): Promise<{ deps: DependencyPlan; installed: Installed }> {
  const strategy = request.dependencies ?? 'auto';
  const none: Installed = { kind: 'none' };
  if (strategy === 'off') return { deps: planDependencies(request.workspace, strategy, none), installed: none };
  const pnp = plugAndPlay(request.workspace, ...(mainOf(request.workspace, request.installedFrom) ?? []));
  if (strategy === 'fetch' && !pnp) return { deps: await fetchPlan(request.workspace, request.fetchCacheDir, request.signal), installed: none };
  const installed = strategy === 'fetch' ? none : installedDependencies(request.workspace, copy.nodeModules, undefined, request.installedFrom);
  return { deps: planDependencies(request.workspace, strategy, installed, request.hostCacheDir, pnp), installed };
}

function mainOf(workspace: string, preferred?: string): string[] | null {
  const tree = mainTreeOf(workspace, preferred);
  return tree ? [join(tree.main, tree.sub)] : null;
}

/** The Go build-cache seed for a Go run (a go.mod at the root, or go itself), else null. */
async function goSeedFor(backend: SandboxBackend, request: SandboxRequest): Promise<string | null> {
  // Only bubblewrap shows the sandbox the host's own toolchain, the one the seed is built with; a container has its image's.
  if (backend.name !== 'bwrap') return null;
  if (request.argv[0] !== 'go' && !existsSync(join(request.workspace, 'go.mod'))) return null;
  return goSeedCache(request.goSeedRoot);
}

function lastLine(text: string): string {
  return text.trim().split('\n').slice(-1)[0] || 'no message';
}

/** A spawned sandbox's outcome as data; throws SandboxUnavailableError when the sandbox itself failed. */
export function toResult(backend: SandboxBackend, o: SpawnOutcome, secrets: string[]): SandboxResult {
  const base = {
    exitCode: o.exitCode,
    signal: o.signal,
    durationMs: o.durationMs,
    stdout: redact(o.stdout, secrets),
    stderr: redact(o.stderr, secrets),
    truncated: o.truncated,
    backend: backend.name,
  };
  if (o.spawnError) throw new SandboxUnavailableError(`Sandbox backend ${backend.name} could not start: ${o.spawnError}.`);
  if (o.timedOut) return { ...base, status: 'TIMEOUT', reason: 'wall-time limit reached; the process tree was killed' };
  if (o.aborted) return { ...base, status: 'ERROR', reason: 'aborted by the caller' };
  // bwrap reports the child pid once it has forked, and the exit code only when the command itself ran: without
  // the one it never started, without the other it failed while building the sandbox (a mount, a chdir) — the
  // sandbox is unavailable, the suite did not fail. A command that is not installed (execvp) stays the check's result.
  if (backend.name === 'bwrap' && !o.status.some((s) => 'child-pid' in s)) {
    throw new SandboxUnavailableError(`bubblewrap could not build the sandbox: ${lastLine(o.stderr)}.`);
  }
  if (backend.name === 'bwrap' && !o.status.some((s) => 'exit-code' in s) && !/bwrap: execvp /.test(o.stderr)) {
    throw new SandboxUnavailableError(`bubblewrap failed after starting: ${lastLine(o.stderr)}.`);
  }
  if (o.exitCode === 0) return { ...base, status: 'PASS' };
  if (o.signal) return { ...base, status: 'FAIL', reason: `killed by ${o.signal}` };
  return { ...base, status: 'FAIL' };
}

function errorResult(backend: SandboxBackend, reason: string): SandboxResult {
  return { status: 'ERROR', exitCode: null, signal: null, durationMs: 0, stdout: '', stderr: '', truncated: false, backend: backend.name, reason };
}

// Unsandboxed runs happen on the host: HOME and TMPDIR must point at folders that exist there, inside the copy's parent.
function hostSideEnv(backend: SandboxBackend, copy: WorkspaceCopy, env: Record<string, string>): Record<string, string> {
  if (backend.name !== 'none') return env;
  return { ...env, HOME: join(copy.dir, '..', 'home'), TMPDIR: join(copy.dir, '..', 'tmp') };
}

function shellJoin(argv: string[]): string {
  return argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
}
