// A real PhaseContext for triage and plan tests: canonical target, artifact folder inside it, silent logger.
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { silentLogger } from '../../../src/foundations/logger.ts';
import type { PhaseContext } from '../../../src/phase-kit/types.ts';
import { createIdentity } from '../../../src/engines/run/identity.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../../../src/engines/run/options.ts';

export function phaseContext(target: string, options: Partial<RunOptions> = {}, scope: Partial<ScopeOptions> = {}, signal = new AbortController().signal): PhaseContext {
  const root = realpathSync(target);
  const outDir = join(root, '.bug-hunter');
  mkdirSync(outDir, { recursive: true });
  const fullOptions = { ...DEFAULT_RUN_OPTIONS, ...options };
  const fullScope = { ...DEFAULT_SCOPE, ...scope };
  return { target: root, outDir, identity: createIdentity(root, fullScope, fullOptions), options: fullOptions, scope: fullScope, log: silentLogger, signal };
}
