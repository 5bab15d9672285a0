// Types for scripts/test/order.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare const SLOW_FILES: string;
export declare function readSlowFiles(root: string): string[];
export declare function slowestFirst<T>(files: readonly T[], slow: readonly string[], name?: (file: T) => string): T[];
