// Types for scripts/build/bundle.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare const BUNDLE_DIR: string;
export declare const ENTRIES: Record<string, string>;
export declare const INPUTS_FILE: string;
export declare function placeOf(text: string, file: string, at: number): string;
export declare function withModuleUrl(text: string, file: string, outdir: string, entries?: Record<string, string>): string;
export declare function bundleCli(dist: string, root: string, entries?: Record<string, string>): Promise<boolean>;
