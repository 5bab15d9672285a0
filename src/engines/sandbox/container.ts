// podman/docker backends, used only when an engine actually answers `info`. Same promises as bwrap:
// no network, no capabilities, no new privileges, read-only root, the workspace copy the only writable mount.
import { spawnSync } from 'node:child_process';
import type { BackendName, PreparedRun, SandboxBackend } from './types.ts';

/** Image with the toolchain; the caller may override it (BUG_HUNTER_SANDBOX_IMAGE is read by the phase, not here). */
export const DEFAULT_IMAGE = 'node:20-bookworm-slim';

export function containerArgs(engine: 'podman' | 'docker', run: PreparedRun, image = DEFAULT_IMAGE): string[] {
  const args = [
    engine,
    'run',
    '--rm',
    '--network=none',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    '--read-only',
    '--tmpfs=/tmp:rw,size=512m',
    `--pids-limit=${run.limits.maxProcesses}`,
    `--memory=${run.limits.memoryBytes}`,
    `--ulimit=fsize=${run.limits.maxFileBytes}`,
    '--user=1000:1000',
    `--volume=${run.copy}:${run.insideWorkspace}:rw`,
    `--workdir=${run.cwdInside}`,
  ];
  for (const bind of run.roBinds) args.push(`--volume=${bind.host}:${bind.inside}:ro`);
  for (const [name, value] of Object.entries(run.env)) args.push(`--env=${name}=${value}`);
  args.push(image, ...run.argv);
  return args;
}

export function createContainerBackend(engine: 'podman' | 'docker', image?: string): SandboxBackend {
  let probed: string | null | undefined;
  return {
    name: engine satisfies BackendName,
    unavailableReason() {
      probed ??= probeEngine(engine);
      return probed;
    },
    command: (run) => containerArgs(engine, run, image),
  };
}

/** Null when the engine answers `info` within a few seconds; else why it was skipped. */
export function probeEngine(engine: 'podman' | 'docker'): string | null {
  const result = spawnSync(engine, ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 5_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${engine} is not installed` : `${engine} info did not answer (${code ?? result.error.message})`;
  }
  if (result.status !== 0) return `${engine} info failed: ${(result.stderr || result.stdout).trim().split('\n')[0] ?? `exit ${result.status}`}`;
  return null;
}
