// Types for scripts/build/build.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare const DIST: string;
export declare function sourceHash(root?: string): string;
export declare function distState(root?: string, v8?: string): 'fresh' | 'missing' | 'stale';
export declare function build(root?: string): void;
export declare function buildIfStale(root?: string): 'fresh' | 'missing' | 'stale';
export declare function copyPlainModules(root: string, outDir: string): void;
