// Types for scripts/test/compile.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare const OWN_META: readonly string[];
export declare function compileForTests(root: string, outDir: string, testFiles: string[]): Promise<string[]>;
