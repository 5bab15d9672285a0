// Types for scripts/test/suite-marker.mjs (plain JavaScript so it runs before any TypeScript loader).
export interface GitState {
  head: string;
  porcelain: string;
}
export type SuiteSummary = Partial<Record<'tests' | 'suites' | 'pass' | 'fail' | 'cancelled' | 'skipped' | 'todo', number>>;
export interface MarkerFields {
  commit: string;
  clean: boolean;
  ci: boolean;
  files: string;
  status: number;
  summary: SuiteSummary;
}
export declare const MARKER_NAME: string;
export declare const SUMMARY_KEYS: readonly string[];
export declare function testFilesUnder(dir: string): string[];
export declare function filesDigest(root: string, files: readonly string[]): string;
export declare function summaryOf(diagnostics: readonly string[]): SuiteSummary;
export declare function markerDigest(fields: MarkerFields): string;
export declare function gitState(root: string): GitState | undefined;
export declare function markerPath(root: string): string | undefined;
export declare function isFullRun(root: string, files: readonly string[]): boolean;
export declare function recordRun(run: { root: string; files: readonly string[]; before: GitState | undefined; after: GitState | undefined; status: number; summary: SuiteSummary; ci: boolean }): string;
export declare function readMarker(root: string): unknown;
export declare function removeMarker(root: string): void;
