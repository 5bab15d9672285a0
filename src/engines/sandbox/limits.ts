// Default resource limits and the prlimit wrapper that applies them to everything the sandbox starts.
// RLIMIT_DATA, not RLIMIT_AS: V8 and WebAssembly reserve large address ranges, so an AS limit breaks node.
import type { SandboxLimits } from './types.ts';

export const DEFAULT_LIMITS: SandboxLimits = {
  timeoutMs: 120_000,
  memoryBytes: 2 * 1024 ** 3,
  maxProcesses: 256,
  maxOutputBytes: 1024 * 1024,
  maxFileBytes: 512 * 1024 ** 2,
};

export function resolveLimits(partial: Partial<SandboxLimits> | undefined): SandboxLimits {
  const limits = { ...DEFAULT_LIMITS, ...definedOnly(partial ?? {}) };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`Sandbox limit ${key} must be a positive whole number (got ${String(value)}).`);
  }
  return limits;
}

/** argv prefix that sets the limits, then execs the rest; inherited by every child of the command. */
export function prlimitPrefix(limits: SandboxLimits): string[] {
  return [
    'prlimit',
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.maxProcesses}`,
    `--fsize=${limits.maxFileBytes}`,
    '--core=0',
    '--',
  ];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
