// Test helpers for verify: a PhaseContext over a temp target.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { silentLogger } from '../../../src/foundations/logger.ts';
import type { PhaseContext } from '../../../src/phase-kit/types.ts';
import { createIdentity } from '../../../src/engines/run/identity.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE } from '../../../src/engines/run/options.ts';

export function phaseContext(target: string, options: Record<string, unknown> = {}): PhaseContext {
  const outDir = join(target, '.bug-hunter');
  mkdirSync(outDir, { recursive: true });
  const runOptions = { ...DEFAULT_RUN_OPTIONS, ...options };
  return {
    target,
    outDir,
    identity: createIdentity(target, DEFAULT_SCOPE, runOptions),
    options: runOptions,
    scope: DEFAULT_SCOPE,
    log: silentLogger,
    signal: new AbortController().signal,
  };
}
