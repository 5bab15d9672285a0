// The `none` backend: runs directly on the host with the same argv, clean environment and rlimits,
// but no isolation. Refused unless the caller passed the loudly named opt-out.
import type { PreparedRun, SandboxBackend } from './types.ts';

export const UNSANDBOXED_OPTION = 'i-understand-this-runs-untrusted-code-unsandboxed';
export const UNSANDBOXED_FLAG = `--${UNSANDBOXED_OPTION}` as const;

export function createNoneBackend(allowUnsandboxed: boolean): SandboxBackend {
  return {
    name: 'none',
    unavailableReason: () =>
      allowUnsandboxed ? null : `no sandbox: untrusted code is not run unsandboxed unless you pass ${UNSANDBOXED_FLAG} (allowUnsandboxed: true)`,
    command: (run: PreparedRun) => run.argv,
  };
}
