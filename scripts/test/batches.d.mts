// Types for scripts/test/batches.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare function ownProcessReason(source: string): 'marked' | 'top-level hook' | undefined;
export declare function planProcesses<T>(
  files: readonly T[],
  options: { batchCount: number; isSlow: (file: T) => boolean; source: (file: T) => string },
): { alone: T[]; batches: T[][] };
export declare function startOrder<T>(alone: readonly T[], batchEntries: readonly T[]): T[];
export declare function writeBatchEntries(dir: string, batches: readonly (readonly string[])[]): string[];
