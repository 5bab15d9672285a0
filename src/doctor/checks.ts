// Preflight checks for `bug-hunter doctor`: each check is data — ok, warn (works without it) or fail (cannot run).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';

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
  const version = versionOf(name);
  if (version !== null) return { name, status: 'ok', detail: version };
  return { name, status: required ? 'fail' : 'warn', detail: `not found on PATH; ${why}` };
}

/** bubblewrap must not only exist but actually start a sandbox with no network here. */
export function checkSandbox(): DoctorCheck {
  const version = versionOf('bwrap');
  if (version === null) {
    return { name: 'sandbox', status: 'warn', detail: "bubblewrap (bwrap) not found: --verify and --repro will refuse to run untrusted code. Install it: 'apt-get install bubblewrap'." };
  }
  const probe = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', '--dev', '/dev', '--proc', '/proc', 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.status !== 0) {
    return { name: 'sandbox', status: 'warn', detail: `${version} is installed but cannot start a sandbox here: ${(probe.stderr || 'unknown error').trim()}` };
  }
  return { name: 'sandbox', status: 'ok', detail: `${version} (network-isolated sandbox starts)` };
}

export function checkWritable(dir: string): DoctorCheck {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return { name: 'artifact folder', status: 'ok', detail: `${dir} is writable` };
  } catch (error) {
    return { name: 'artifact folder', status: 'fail', detail: `${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'}); pass --out <dir>` };
  }
}
