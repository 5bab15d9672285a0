// The sandbox flags `scan`, `repro` and `work` share: the backend, how dependencies reach it, and the explicit
// opt-out that runs untrusted code without one.
import { UNSANDBOXED_OPTION } from '../../engines/sandbox/none.ts';
import type { FlagTable } from './usage.ts';

export const SANDBOX_FLAGS = {
  sandbox: { type: 'string', arg: '<backend>', description: 'auto (default), bwrap, podman, docker, none' },
  deps: { type: 'string', arg: '<strategy>', description: 'how dependencies reach the offline sandbox: auto (default), vendored, off, host, fetch' },
} as const satisfies FlagTable;

/** The opt-out flag, described with what it runs unsandboxed (`with --sandbox none: run <what> WITHOUT a sandbox<why>`). */
export function unsandboxedFlag(what: string, why = '') {
  return { [UNSANDBOXED_OPTION]: { type: 'boolean', description: `with --sandbox none: run ${what} WITHOUT a sandbox${why}` } } as const satisfies FlagTable;
}
