// One worker pool for a whole run, lent to each phase with per-file work (recon, then the hunter's cross-file pass
// and static engine), so a scan starts its workers once (each loads the parser and the engine: about 0.17 s of CPU
// per worker) instead of once per phase. The session owns it and closes it; a phase run without one (a test
// calling the phase directly) gets a pool of its own for the duration of its work, as before.
import { createFilePool, type FilePool } from './pool.ts';

export interface PoolLender {
  /** A pool of at least `size` workers, or undefined for 1 (the work runs in the calling thread). Not the borrower's to close. */
  borrow(size: number): FilePool | undefined;
  close(): Promise<void>;
}

export function createPoolLender(create: (size: number) => FilePool = createFilePool): PoolLender {
  let pool: FilePool | undefined;
  let retired: Promise<void>[] = [];
  return {
    borrow(size) {
      if (size <= 1) return undefined;
      if (pool && pool.size >= size) return pool;
      // A phase needs more workers than the last one started: phases run one after another, so the smaller pool is idle.
      if (pool) retired.push(pool.close());
      pool = create(size);
      return pool;
    },
    async close() {
      const all = [...retired, ...(pool ? [pool.close()] : [])];
      pool = undefined;
      retired = [];
      await Promise.all(all);
    },
  };
}

/** Runs `use` with the lender's pool when there is a lender, else with a pool of its own (closed after); none for size 1. */
export async function withFilePool<T>(lender: PoolLender | undefined, size: number, use: (pool: FilePool | undefined) => Promise<T>): Promise<T> {
  const lent = lender?.borrow(size);
  const own = lent || size <= 1 ? undefined : createFilePool(size);
  try {
    return await use(lent ?? own);
  } finally {
    await own?.close();
  }
}
