// The programmatic scan API: what the CLI, the benchmark runner and tests call.
import type { ScanReport } from '../artifacts/schemas/scan-report.ts';
import type { Logger } from '../foundations/logger.ts';
import type { Estimate } from '../engines/budget/estimate.ts';
import type { ExitPolicy } from '../engines/report/exit-decision.ts';
import type { RunOptions, ScopeOptions } from '../engines/run/options.ts';
import type { DiffRequest } from '../engines/scope/spec.ts';
import type { ModelRequest } from './model-setup.ts';
import type { CacheRequest } from '../engines/cache/location.ts';

export interface ScanRequest {
  /** Folder to scan (resolved to its real path). */
  target: string;
  /** Artifact folder; defaults to <target>/.bug-hunter. */
  outDir?: string;
  options?: Partial<RunOptions>;
  scope?: Partial<ScopeOptions>;
  /** Continue the interrupted run in outDir instead of starting a new one. */
  resume?: boolean;
  /** Keep going until every chunk is covered (retrying failed chunks once). */
  loop?: boolean;
  log?: Logger;
  signal?: AbortSignal;
  /** Model configuration overrides (--provider, --model, --base-url, --role-model, --record). */
  models?: ModelRequest;
  /** Only triage and plan, then predict tokens, cost and wall time without calling a model. */
  estimate?: boolean;
  /** Exit flags that change no result, only what fails the run (--allow-uncovered, --fail-on-review). */
  exitPolicy?: Omit<ExitPolicy, 'failOn'>;
  /** The evidence cache: --no-cache, --cache-dir (default <out>/cache). */
  cache?: CacheRequest;
  /** --since, --diff or --staged (with --radius): scan only changed files and their importers. Refs are resolved by the scan. */
  diff?: DiffRequest;
  /** With `diff`: take these changed paths instead of asking git (the --baseline scan of the base reuses the head's). */
  changedPaths?: string[];
  /** --rule <id>=off|<severity> (repeatable), over the config files' `rules`. */
  rules?: string[];
  /** --baseline <ref>: findings already at that commit are marked pre-existing and do not fail the run. */
  baseline?: string;
}

export interface ScanResult {
  /** 0 nothing confirmed at or above failOn, 1 confirmed findings, 3 failed or incomplete. */
  exitCode: number;
  /** One line: why this exit code. */
  exitReason: string;
  outDir: string;
  report: ScanReport | null;
  durationMs: number;
  /** With --fix: fix statuses counted, e.g. "1 fixed-proven, 1 rolled-back". */
  fixes?: string;
  /** When the run was interrupted: the exact command that continues it (target and original flags). */
  resumeCommand?: string;
  /** With `estimate`: the prediction (no model was called). */
  estimate?: Estimate & { engine: string };
}
