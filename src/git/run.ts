// The one place bug-hunter spawns git. The scanned repository's .git/config is untrusted: every command runs
// with the settings that make git execute a program (fsmonitor, hooks, pagers, external diff, filter drivers …)
// overridden on the command line, which outranks every config file.
import { execFile, execFileSync } from 'node:child_process';

// Settings git would otherwise run as a program; command-line -c wins over the repository's own config.
const NEUTRAL_SETTINGS = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.sshCommand=',
  'core.gitProxy=',
  'core.askPass=',
  'core.editor=:',
  'core.alternateRefsCommand=',
  'credential.helper=',
  'gpg.program=',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'protocol.ext.allow=never',
  'advice.detachedHead=false',
];

// Filter drivers (filter.<name>.clean …) cannot be overridden by a wildcard, so each configured one is emptied by name
// (an empty filter command means "no filter"). External diff and textconv drivers are refused by flag instead.
const DRIVER_KEY = /^filter\.[^\n]+\.(clean|smudge|process)$/i;
const DRIVER_REGEX = '^filter\\..+\\.(clean|smudge|process)$';
const DIFF_COMMANDS = new Set(['diff', 'log', 'show']);

// No prompts, no index refresh by read-only queries, and nothing inherited that points git elsewhere.
const ENV: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat' };
for (const name of ['GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND']) delete ENV[name];

const driverCache = new Map<string, string[]>();

/** `-c key=value` pairs that neutralise every executable setting git would read in `cwd`. */
export function neutralArgs(cwd: string): string[] {
  let drivers = driverCache.get(cwd);
  if (!drivers) {
    drivers = configuredDrivers(cwd);
    driverCache.set(cwd, drivers);
  }
  return [...NEUTRAL_SETTINGS, ...drivers.map((key) => `${key}=`), ...drivers.map((key) => `${key.replace(/\.[^.]+$/, '')}.required=false`)]
    .flatMap((setting) => ['-c', setting]);
}

// diff.external and diff.<driver>.command/textconv cannot be emptied (git would run ""), so diff-like commands refuse them.
function withSafeFlags(args: string[]): string[] {
  const [command, ...rest] = args;
  return command !== undefined && DIFF_COMMANDS.has(command) ? [command, '--no-ext-diff', '--no-textconv', ...rest] : args;
}

function configuredDrivers(cwd: string): string[] {
  let out = '';
  try {
    out = execFileSync('git', [...NEUTRAL_SETTINGS.flatMap((s) => ['-c', s]), 'config', '--includes', '--name-only', '--get-regexp', DRIVER_REGEX], {
      cwd,
      env: ENV,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    // Exit 1 means "no such key"; outside a repository there is nothing to neutralise either.
    return [];
  }
  return [...new Set(out.split('\n').filter((key) => DRIVER_KEY.test(key)))];
}

export interface GitOptions {
  maxBuffer?: number;
  /** Keep stderr for the error message (default: discarded). */
  captureStderr?: boolean;
}

/** Runs git synchronously; throws on a non-zero exit (the error carries stderr when captured). */
export function gitSync(cwd: string, args: string[], options: GitOptions = {}): string {
  return execFileSync('git', [...neutralArgs(cwd), ...withSafeFlags(args)], {
    cwd,
    env: ENV,
    encoding: 'utf8',
    maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', options.captureStderr ? 'pipe' : 'ignore'],
  });
}

/** Runs git without blocking; resolves null on any failure. */
export function gitAsync(cwd: string, args: string[], maxBuffer = 256 * 1024 * 1024): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', [...neutralArgs(cwd), ...withSafeFlags(args)], { cwd, env: ENV, encoding: 'utf8', maxBuffer }, (error, stdout) => resolve(error ? null : stdout));
  });
}
