// The sandbox contract: what a caller asks to run, under which limits, and the outcome as data.
// Only a sandbox that cannot run at all throws (SandboxUnavailableError); a failing command is a FAIL result.
import { InfrastructureError } from '../../foundations/errors.ts';
import type { DependencyStrategy, SandboxChoice } from '../run/options.ts';

export type BackendName = Exclude<SandboxChoice, 'auto'>;
export type { DependencyStrategy, SandboxChoice };
export type RunStatus = 'PASS' | 'FAIL' | 'ERROR' | 'TIMEOUT';

export interface SandboxLimits {
  /** Wall time before the whole process tree is killed. */
  timeoutMs: number;
  /** RLIMIT_DATA per process (heap + private writable mappings), bytes. */
  memoryBytes: number;
  /** RLIMIT_NPROC for the sandbox user (enforced because the sandbox user is never host root). */
  maxProcesses: number;
  /** Captured bytes per stream; the rest is dropped keeping head and tail. */
  maxOutputBytes: number;
  /** RLIMIT_FSIZE: largest file a process may write, bytes. */
  maxFileBytes: number;
}

export interface SandboxFile {
  /** Workspace-relative POSIX path. */
  path: string;
  content: string;
}

export interface SandboxRequest {
  argv: string[];
  /** The user's tree. It is copied; the copy is the only writable surface; the original is never written. */
  workspace: string;
  /** Workspace-relative working folder; default the workspace root. */
  cwd?: string;
  /** Extra variables, set on purpose by the caller (never inherited from the host). */
  env?: Record<string, string>;
  limits?: Partial<SandboxLimits>;
  /** Files written into the throw-away copy before the run (an injected test, a run script). */
  files?: SandboxFile[];
  dependencies?: DependencyStrategy;
  /** Home folder whose package caches the `host` strategy may expose read-only; default the user's home. */
  hostCacheDir?: string;
  /** The developer's working tree a worktree `workspace` was made from: its gitignored node_modules are the ones a
   * run binds (default: the repository's main working tree). */
  installedFrom?: string;
  /** Folder of the `fetch` strategy's caches (src/engines/sandbox/fetch.ts); default `$XDG_CACHE_HOME/bug-hunter/deps`. */
  fetchCacheDir?: string;
  /** Folder of the Go build-cache seeds (src/engines/sandbox/go-seed.ts); default `$XDG_CACHE_HOME/bug-hunter/go-build`. */
  goSeedRoot?: string;
  /** Host folders shown read-only at an absolute path inside the sandbox (a package under test); not for `none`. */
  readOnly?: Array<{ host: string; inside: string }>;
  /** Extra secret values to redact, on top of the host environment and known patterns. */
  secrets?: string[];
  signal?: AbortSignal;
}

export interface SandboxResult {
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  /** Redacted, capped. */
  stdout: string;
  stderr: string;
  truncated: boolean;
  backend: BackendName;
  /** Why the run is ERROR (could not start, killed by a limit …), when known. */
  reason?: string;
}

/** A backend turns a prepared run into an argv for the host, or explains why it cannot. */
export interface PreparedRun {
  argv: string[];
  /** Host path of the throw-away workspace copy. */
  copy: string;
  /** Path of the workspace inside the sandbox. */
  insideWorkspace: string;
  cwdInside: string;
  env: Record<string, string>;
  limits: SandboxLimits;
  /** Read-only host folders to expose (dependency strategy host/vendored), host path → inside path. */
  roBinds: Array<{ host: string; inside: string }>;
  /** Host uid/gid the sandbox runs as (never 0 when we are root, so RLIMIT_NPROC applies). */
  uid?: number;
  gid?: number;
}

export interface SandboxBackend {
  name: BackendName;
  /** Null when usable, else the reason it is not. */
  unavailableReason(): string | null;
  /** The host argv that runs `run` inside this backend. */
  command(run: PreparedRun): string[];
}

/** The sandbox itself cannot run (no backend, refused unsandboxed run, copy failed). Exit 3 at the top. */
export class SandboxUnavailableError extends InfrastructureError {
  override readonly name = 'SandboxUnavailableError';
}
