// The bubblewrap backend: no network, no capabilities, no new privileges, a read-only system view,
// a tmpfs /tmp, and the workspace copy as the one writable host folder. Pure argv building plus a probe.
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { SANDBOX_HOME } from './env.ts';
import type { PreparedRun, SandboxBackend } from './types.ts';

// The system folders a toolchain needs; /root, /home, /tmp, /run, /var and the user's tree stay invisible.
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];
const INSIDE_UID = 1000;
const TMP_BYTES = 512 * 1024 ** 2;
// POSIX shared memory is a tmpfs too: capped, or it grows past the memory and /tmp limits.
const SHM_BYTES = 64 * 1024 ** 2;

export interface BwrapFeatures {
  /** bwrap ≥ 0.8: no nested user namespace inside (it would hand the command a full capability set). */
  disableUserns: boolean;
}

export function systemBinds(dirs: readonly string[] = SYSTEM_DIRS): string[] {
  const args: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const st = lstatSync(dir);
    // Merged-/usr systems make /bin a symlink; binding it would duplicate /usr, a symlink keeps it faithful.
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  return args;
}

export function bwrapArgs(run: PreparedRun, statusFd?: number, features: BwrapFeatures = { disableUserns: false }): string[] {
  const args = [
    'bwrap',
    '--unshare-all',
    '--unshare-user',
    ...(features.disableUserns ? ['--disable-userns'] : []),
    '--uid', String(INSIDE_UID),
    '--gid', String(INSIDE_UID),
    '--hostname', 'sandbox',
    '--die-with-parent',
    '--new-session',
    '--cap-drop', 'ALL',
    '--clearenv',
    ...systemBinds(),
    '--dev', '/dev',
    '--size', String(SHM_BYTES),
    '--tmpfs', '/dev/shm',
    '--proc', '/proc',
    '--size', String(TMP_BYTES),
    '--tmpfs', '/tmp',
    '--dir', SANDBOX_HOME,
    '--bind', run.copy, run.insideWorkspace,
  ];
  for (const bind of run.roBinds) args.push('--ro-bind', bind.host, bind.inside);
  // Everything outside /tmp and the workspace is read-only, including the sandbox's own root.
  args.push('--remount-ro', '/');
  for (const [name, value] of Object.entries(run.env)) args.push('--setenv', name, value);
  if (statusFd !== undefined) args.push('--json-status-fd', String(statusFd));
  args.push('--chdir', run.cwdInside, '--', ...run.argv);
  return args;
}

// One probe per process: the answer does not change while we run, and each probe costs a sandbox start.
let probed: string | null | undefined;
let features: BwrapFeatures | undefined;

export function createBwrapBackend(): SandboxBackend {
  return {
    name: 'bwrap',
    unavailableReason() {
      probed ??= probeBwrap();
      return probed;
    },
    command: (run) => {
      features ??= { disableUserns: probeBwrap(['--disable-userns']) === null };
      return bwrapArgs(run, 3, features);
    },
  };
}

/** Null when bwrap can build a full namespace set here, else why not (missing binary, userns refused …). */
export function probeBwrap(extra: string[] = []): string | null {
  const result = spawnSync('bwrap', ['--unshare-all', '--unshare-user', ...extra, '--die-with-parent', '--cap-drop', 'ALL', ...systemBinds(), '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
    ...(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'bwrap is not installed (apt-get install -y bubblewrap)' : `bwrap could not start (${code ?? result.error.message})`;
  }
  if (result.status !== 0) return `bwrap cannot create a sandbox here: ${result.stderr.trim().split('\n')[0] ?? `exit ${result.status}`}`;
  return null;
}
