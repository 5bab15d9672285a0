// Preflight checks for `bug-hunter doctor`: each check is data — ok, warn (works without it) or fail (cannot run).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ROLES } from '../../engines/config/schema.ts';
import { apiKeyFor } from '../../engines/models/keys.ts';
import { roleUsesModel } from '../../engines/models/static.ts';
import { resolveModels, type ModelRequest, type ModelSetup } from '../../driver/model-setup.ts';
import { describeBackends } from '../../engines/sandbox/select.ts';
import { installedPnpmVersion } from './pnpm-version.ts';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
}

function versionOf(command: string, args: string[] = ['--version']): string | null {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? (r.stdout || r.stderr).trim().split('\n')[0] ?? '' : null;
}

export function checkNode(version = process.versions.node): DoctorCheck {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const ok = major > 20 || (major === 20 && minor >= 19);
  return { name: 'node', status: ok ? 'ok' : 'fail', detail: ok ? `v${version}` : `v${version}; bug-hunter needs Node 20.19 or newer` };
}

export function checkTool(name: string, required: boolean, why: string): DoctorCheck {
  const version = (name === 'pnpm' ? installedPnpmVersion() : undefined) ?? versionOf(name);
  if (version !== null) return { name, status: 'ok', detail: version };
  return { name, status: required ? 'fail' : 'warn', detail: `not found on PATH; ${why}` };
}

/** The sandbox module's own detection: the first backend that works, or why each was skipped. `pid`: this process's,
 * for the one case the check warns about although bubblewrap works (bug-hunter as a container's PID 1). */
export function checkSandbox(pid = process.pid): DoctorCheck {
  const reports = describeBackends({ backend: 'auto' }).filter((r) => r.name !== 'none');
  const working = reports.find((r) => r.available);
  // bubblewrap's outer process does not wait for the sandbox's init, which is left to PID 1 to reap
  // (containers/bubblewrap#697): as PID 1, a process that reaps only its own children collects them.
  if (working?.name === 'bwrap' && pid === 1) {
    return { name: 'sandbox', status: 'warn', detail: 'bwrap works, but bug-hunter is PID 1 here: each sandboxed run leaves a zombie nothing reaps; start the container with an init (docker run --init, or tini)' };
  }
  if (working) return { name: 'sandbox', status: 'ok', detail: `${working.name} (verification and reproduction run isolated, with no network)` };
  const why = reports.map((r) => `${r.name}: ${r.reason ?? 'unavailable'}`).join('; ');
  return { name: 'sandbox', status: 'warn', detail: `no sandbox backend works here (${why}); --verify and --repro will refuse to run untrusted code` };
}

/** Which engine serves which role, and — for model providers — whether their key variable is set (never its value). */
export function checkModels(target: string, env: NodeJS.ProcessEnv = process.env, request: ModelRequest = {}): DoctorCheck[] {
  let setup: ModelSetup;
  try {
    setup = resolveModels(target, request);
  } catch (error) {
    return [{ name: 'models', status: 'fail', detail: (error as Error).message }];
  }
  const checks: DoctorCheck[] = [...configChecks(setup.config), { name: 'models', status: 'ok', detail: setup.usesModels ? setup.engine : `${setup.engine}: scans work without any API key` }];
  for (const warning of setup.warnings) checks.push({ name: 'refused keys', status: 'warn', detail: warning });
  const used = new Set(ROLES.filter((r) => roleUsesModel(setup.config, r)).map((r) => setup.config.roles[r].provider));
  for (const name of [...used].sort()) {
    try {
      apiKeyFor(name, setup.config.providers[name]!, env);
      checks.push({ name: `provider ${name}`, status: 'ok', detail: `${setup.config.providers[name]!.type}: key variable set (or none needed)` });
    } catch (error) {
      checks.push({ name: `provider ${name}`, status: 'fail', detail: (error as Error).message });
    }
  }
  return checks;
}

const LAYER_NAMES = { repository: "the repository's", user: 'yours', explicit: '--config' } as const;

/** The config files in force, lowest layer first, each with the keys whose value comes from it (the rest are built-in). */
export function configChecks(config: ModelSetup['config']): DoctorCheck[] {
  const files = config.layers.map((l) => `${LAYER_NAMES[l.kind]} ${l.path}${l.kind === 'user' || l.trusted ? '' : ' (restricted: it may not choose who answers)'}`);
  const own = config.userConfig && !config.layers.some((l) => l.kind === 'user') ? [`yours: ${config.userConfig} (not there; 'bug-hunter init' writes it)`] : [];
  const checks: DoctorCheck[] = [{ name: 'config files', status: 'ok', detail: [...(files.length > 0 ? files : ['none: built-in defaults']), ...own].join('; ') + ' (later ones win; flags win over all)' }];
  for (const layer of config.layers) {
    const keys = Object.entries(config.origins).filter(([, path]) => path === layer.path).map(([key]) => key).sort();
    checks.push({ name: `keys from ${LAYER_NAMES[layer.kind]}`, status: 'ok', detail: keys.length > 0 ? keys.join(', ') : 'none in force' });
  }
  return checks;
}

// A preflight leaves nothing behind: a folder it had to create to prove it can is removed again.
export function checkWritable(dir: string): DoctorCheck {
  let created: string | undefined;
  try {
    created = mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return { name: 'artifact folder', status: 'ok', detail: created ? `${dir} can be created (it is not there yet)` : `${dir} is writable` };
  } catch (error) {
    return { name: 'artifact folder', status: 'fail', detail: `${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'}); pass --out <dir>` };
  } finally {
    // Only the empty folders made just now: rmdir refuses anything that is not empty.
    if (created) removeEmptyUpTo(dir, created);
  }
}

function removeEmptyUpTo(dir: string, top: string): void {
  for (let current = dir; ; current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch {
      return;
    }
    if (current === top) return;
  }
}
