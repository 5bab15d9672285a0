// Types for scripts/test/tmp.mjs (plain JavaScript so it runs before any TypeScript loader).
export interface ShmFacts {
  type: number;
  freeBytes: number;
  noexec?: boolean;
}
export declare const TMPFS_MAGIC: number;
export declare const MIN_FREE_BYTES: number;
export declare function chooseTempParent(setting: string | undefined, shm: ShmFacts | undefined, systemTmp: string): { parent: string; why: string };
export declare function mountedNoexec(path: string, mountinfo: string): boolean;
export declare const RUN_FOLDER: RegExp;
export declare const RUN_FOLDER_IDLE_MS: number;
export declare function makeRunTemp(env?: NodeJS.ProcessEnv): Promise<{ dir: string; why: string }>;
