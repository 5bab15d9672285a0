// How many worker threads per-file work uses: the machine's parallelism for enough source to pay for starting
// them (each loads the parser), one (in-process, no thread) below that; BUG_HUNTER_WORKERS overrides.
import { availableParallelism } from 'node:os';
import { UsageError } from '../../foundations/errors.ts';

/** Below this much source a pool costs more to start than it saves. */
export const POOL_MIN_BYTES = 2 * 1024 * 1024;
/** Each extra worker needs about this much source to earn its start-up. */
export const BYTES_PER_WORKER = 1024 * 1024;

export function poolSize(bytes: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const forced = env.BUG_HUNTER_WORKERS;
  if (forced !== undefined && forced !== '') {
    const n = Number(forced);
    if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`BUG_HUNTER_WORKERS must be a whole number from 1 to 256, not '${forced}'.`);
    return n;
  }
  if (bytes < POOL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(cores, Math.ceil(bytes / BYTES_PER_WORKER)));
}
