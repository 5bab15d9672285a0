// Types of scripts/setup/system.mjs for the TypeScript tests that import it.
export declare const SANDBOX_PATH: string;
export declare const TOOLS: readonly { pkg: string; probe: [string, string[]]; sandboxPath?: boolean }[];
export declare function missingPackages(env?: NodeJS.ProcessEnv): string[];
export type SetupPlan =
  | { action: 'none'; exitCode: 0; message: string }
  | { action: 'install'; exitCode: 0; packages: string[]; message: string }
  | { action: 'print'; exitCode: 2; message: string };
export declare function setupPlan(missing: string[], uid: number): SetupPlan;
