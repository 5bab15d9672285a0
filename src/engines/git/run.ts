// The one place bug-hunter spawns git. The scanned repository's .git/config is untrusted: every command runs
// with the settings that make git execute a program (fsmonitor, hooks, pagers, external diff, filter drivers …)
// overridden on the command line, which outranks every config file. What the repository itself sets for remote
// operations (credential helpers, ssh command, upload-pack/receive-pack …) is replaced by the user's own value, or
// refused when git offers no way to override it (repo-config.ts); the user's global and system settings stay in force.
import { execFile, execFileSync } from 'node:child_process';
import { isRemoteCommand, lazyFetchRefusal, packFlag, parseConfigList, remoteRefusal, repositoryOverrides, RepositoryConfigRefusal, type ConfigEntry } from './repo-config.ts';

// Settings git would otherwise run as a program; command-line -c wins over the repository's own config.
// Never a submodule: its own config (.git/modules/*/config) is the repository's too, and is not inspected.
const NEUTRAL_SETTINGS = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.editor=:',
  'core.alternateRefsCommand=',
  'gpg.program=',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'log.showSignature=false',
  'protocol.ext.allow=never',
  'submodule.recurse=false',
  'fetch.recurseSubmodules=false',
  'push.recurseSubmodules=no',
  'advice.detachedHead=false',
];

// Filter drivers (filter.<name>.clean …) cannot be overridden by a wildcard, so each configured one is emptied by name
// (an empty filter command means "no filter"). External diff and textconv drivers are refused by flag instead.
const DRIVER_KEY = /^filter\.[^\n]+\.(clean|smudge|process)$/i;
const DIFF_COMMANDS = new Set(['diff', 'log', 'show']);

// No prompts, no index refresh by read-only queries, and nothing inherited that points git elsewhere. Read at each
// call, so HOME and GIT_CONFIG_GLOBAL (the user's own settings) are the ones in force now.
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat' };
  for (const name of ['GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND']) delete env[name];
  return env;
}

const configCache = new Map<string, ConfigEntry[]>();

// Every setting git reads in cwd, with its scope and file (includes followed). Read once per folder; a remote
// operation reads it again, so a long watch acts on the config as it is now. Outside a repository: the user's only.
function configIn(cwd: string, fresh = false): ConfigEntry[] {
  const cached = fresh ? undefined : configCache.get(cwd);
  if (cached) return cached;
  let entries: ConfigEntry[] = [];
  try {
    entries = parseConfigList(execFileSync('git', ['config', '--list', '--show-scope', '--show-origin', '--includes', '-z'], { cwd, env: gitEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    // A config git cannot read fails the command itself too, with git's own message.
  }
  configCache.set(cwd, entries);
  return entries;
}

/** `-c key=value` pairs that neutralise every executable setting git would read in `cwd`. */
export function neutralArgs(cwd: string, entries: readonly ConfigEntry[] = configIn(cwd)): string[] {
  const drivers = [...new Set(entries.filter((e) => DRIVER_KEY.test(e.key)).map((e) => e.key))];
  return [...NEUTRAL_SETTINGS, ...repositoryOverrides(entries), ...drivers.map((key) => `${key}=`), ...drivers.map((key) => `${key.replace(/\.[^.]+$/, '')}.required=false`)]
    .flatMap((setting) => ['-c', setting]);
}

// diff.external and diff.<driver>.command/textconv cannot be emptied (git would run ""), so diff-like commands refuse them;
// remote commands name upload-pack/receive-pack themselves, and refuse what no flag or -c can take back.
function gitArgs(cwd: string, args: string[]): string[] {
  const [command, ...rest] = args;
  const remote = isRemoteCommand(command);
  const entries = configIn(cwd, remote);
  const refusal = lazyFetchRefusal(entries) ?? (remote ? remoteRefusal(entries) : null);
  if (refusal) throw new RepositoryConfigRefusal(refusal);
  const flag = packFlag(entries, args);
  const safe = command !== undefined && DIFF_COMMANDS.has(command) ? [command, '--no-ext-diff', '--no-textconv', ...rest] : flag ? [command!, flag, ...rest] : args;
  return [...neutralArgs(cwd, entries), ...safe];
}

export interface GitOptions {
  maxBuffer?: number;
  /** Keep stderr for the error message (default: discarded). */
  captureStderr?: boolean;
}

/** Runs git synchronously; throws on a non-zero exit (the error carries stderr when captured). */
export function gitSync(cwd: string, args: string[], options: GitOptions = {}): string {
  return execFileSync('git', gitArgs(cwd, args), {
    cwd,
    env: gitEnv(),
    encoding: 'utf8',
    maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', options.captureStderr ? 'pipe' : 'ignore'],
  });
}

/** git's output, or null when git fails (not a repository, unknown revision …): for queries whose failure is an answer. */
export function gitOrNull(cwd: string, args: string[]): string | null {
  try {
    return gitSync(cwd, args);
  } catch {
    return null;
  }
}

/** git's output; a failure throws `failure` (the caller's error class) with git's own words on stderr. */
export function gitOrThrow(cwd: string, args: string[], failure: new (message: string, options: { cause: unknown }) => Error, maxBuffer?: number): string {
  try {
    return gitSync(cwd, args, maxBuffer === undefined ? { captureStderr: true } : { captureStderr: true, maxBuffer });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new failure(`git ${args.join(' ')} failed in ${cwd}: ${stderr || (error as Error).message}`, { cause: error });
  }
}

/** Runs git without blocking; resolves null on any failure. */
export function gitAsync(cwd: string, args: string[], maxBuffer = 256 * 1024 * 1024): Promise<string | null> {
  return new Promise((resolve) => {
    let argv: string[];
    try {
      argv = gitArgs(cwd, args);
    } catch {
      resolve(null);
      return;
    }
    execFile('git', argv, { cwd, env: gitEnv(), encoding: 'utf8', maxBuffer }, (error, stdout) => resolve(error ? null : stdout));
  });
}
