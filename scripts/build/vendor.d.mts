// Types for scripts/build/vendor.mjs (plain JavaScript so it runs before any TypeScript loader).
export declare const VENDORED: Record<string, string>;
export declare function rewriteImports(text: string, file: string, dist: string): string;
export declare function vendorPackages(root: string, dist: string): number;
