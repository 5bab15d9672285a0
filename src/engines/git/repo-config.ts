// What the scanned repository's own git settings (.git/config, config.worktree and every file they include) may not
// decide: which program a remote operation runs (upload-pack, receive-pack, ssh, askpass, credential helpers, proxy
// commands, remote helpers) and where it goes (url.*.insteadOf, proxies). The user's global and system settings stay
// in force: a setting is overridden only when the repository sets it, and then with the user's own value.
// Pure: the lines of `git config --list --show-scope --show-origin --includes -z` in; -c settings, flags and refusals out.
import { IntegrityError } from '../../foundations/errors.ts';

export interface ConfigEntry {
  /** system, global, local, worktree or command. */
  scope: string;
  /** Where git read it, e.g. "file:.git/config" or "file:/tmp/included.cfg". */
  origin: string;
  /** As git prints it: section and variable lower-cased, a subsection as written. */
  key: string;
  /** null for a bare boolean key ("[core] bare" with no "="). */
  value: string | null;
}

/** Entries of `git config --list --show-scope --show-origin -z`: scope NUL origin NUL key [LF value] NUL. */
export function parseConfigList(out: string): ConfigEntry[] {
  const parts = out.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) {
    const [scope, origin, pair] = [parts[i]!, parts[i + 1]!, parts[i + 2]!];
    const newline = pair.indexOf('\n');
    entries.push({ scope, origin, key: newline < 0 ? pair : pair.slice(0, newline), value: newline < 0 ? null : pair.slice(newline + 1) });
  }
  return entries;
}

// The repository's own settings: its .git/config (and what it includes) and a worktree's config.worktree.
const isRepository = (e: ConfigEntry) => e.scope === 'local' || e.scope === 'worktree';

// Single-valued, last one wins, so a -c on the command line replaces the repository's value. The fallback is what
// git does with the key unset (an empty askpass is "none"; an empty sshCommand would make git run "").
const LAST_WINS: ReadonlyArray<{ key: string; unset: string }> = [
  { key: 'core.sshcommand', unset: 'ssh' },
  { key: 'core.askpass', unset: '' },
];

// Multi-valued or first-match-wins: a -c adds a value but cannot remove the repository's, so remote operations refuse.
const CANNOT_OVERRIDE: readonly RegExp[] = [
  /^url\..+\.(insteadof|pushinsteadof)$/i,
  /^core\.gitproxy$/i,
  /^remote\..+\.(vcs|proxy)$/i,
  // Where an HTTP remote really is and whose certificate it may show: a redirect of the user's credentials.
  /^http\.(.+\.)?(proxy|curloptresolve|sslverify|sslcainfo|sslcapath|pinnedpubkey)$/i,
];

const HELPER = /^credential\.(.+\.)?helper$/i;

/**
 * -c settings that take the repository's credential helpers, ssh command and askpass away while keeping the user's:
 * an empty credential.helper clears every helper read so far, then the user's own are added back in their order.
 */
export function repositoryOverrides(entries: readonly ConfigEntry[]): string[] {
  const settings: string[] = [];
  for (const { key, unset } of LAST_WINS) {
    if (!entries.some((e) => isRepository(e) && e.key.toLowerCase() === key)) continue;
    const own = entries.filter((e) => !isRepository(e) && e.key.toLowerCase() === key && e.value !== null).at(-1);
    settings.push(`${key}=${own?.value ?? unset}`);
  }
  if (entries.some((e) => isRepository(e) && HELPER.test(e.key))) {
    settings.push('credential.helper=');
    for (const e of entries.filter((x) => !isRepository(x) && HELPER.test(x.key) && x.value !== null)) {
      if (e.key.includes('=')) throw new RepositoryConfigRefusal(`git config key ${e.key} (${e.origin}) has an "=" git's -c cannot pass on; remove it or the repository's credential helper.`);
      settings.push(`${e.key}=${e.value}`);
    }
  }
  return settings;
}

/** Why a remote operation must not run with these settings (the keys named with where they were set), or null. */
export function remoteRefusal(entries: readonly ConfigEntry[]): string | null {
  return refusal('remote operations refused', entries.filter((e) => isRepository(e) && CANNOT_OVERRIDE.some((re) => re.test(e.key))));
}

const PROMISOR = /^(remote\..+\.promisor|extensions\.partialclone)$/i;
const PACK = /^remote\..+\.(uploadpack|receivepack)$/i;

/**
 * A partial clone fetches missing objects by itself, in any command (show, diff, checkout …), with none of the flags
 * a remote command gets: there every command is refused on what a remote operation would be, and on an upload-pack
 * or receive-pack the repository sets. Null for a full clone.
 */
export function lazyFetchRefusal(entries: readonly ConfigEntry[]): string | null {
  if (!entries.some((e) => isRepository(e) && PROMISOR.test(e.key) && e.value?.toLowerCase() !== 'false')) return null;
  const found = entries.filter((e) => isRepository(e) && (PACK.test(e.key) || CANNOT_OVERRIDE.some((re) => re.test(e.key))));
  return refusal('git refused in this partial clone (it fetches missing objects by itself)', found);
}

function refusal(what: string, found: readonly ConfigEntry[]): string | null {
  if (found.length === 0) return null;
  const list = found.map((e) => `${e.key} (${e.origin.replace(/^file:/, '')})`).join(', ');
  return `${what}: the repository's own git config sets ${list}, which bug-hunter cannot override and will not follow. See \`git config --show-origin --show-scope --list\`; remove the setting or put it in your global config.`;
}

// The commands that start a program on the remote side, and the flag that names it (it outranks remote.<name>.*).
const PACK_FLAG: Readonly<Record<string, { flag: string; variable: string; fallback: string }>> = {
  fetch: { flag: '--upload-pack', variable: 'uploadpack', fallback: 'git-upload-pack' },
  'ls-remote': { flag: '--upload-pack', variable: 'uploadpack', fallback: 'git-upload-pack' },
  pull: { flag: '--upload-pack', variable: 'uploadpack', fallback: 'git-upload-pack' },
  push: { flag: '--receive-pack', variable: 'receivepack', fallback: 'git-receive-pack' },
};

/** Whether `command` talks to a remote (and so is refused on settings it cannot override). */
export function isRemoteCommand(command: string | undefined): boolean {
  return command !== undefined && (command in PACK_FLAG || command === 'clone' || command === 'archive');
}

/**
 * The flag that replaces a repository's remote.<name>.uploadpack/receivepack for this command, or null when the
 * repository sets none. git takes the FIRST value it reads, so the user's own (global or system) still wins.
 */
export function packFlag(entries: readonly ConfigEntry[], args: readonly string[]): string | null {
  const pack = args[0] === undefined ? undefined : PACK_FLAG[args[0]];
  if (!pack) return null;
  const suffix = `.${pack.variable}`;
  const set = entries.filter((e) => e.key.toLowerCase().startsWith('remote.') && e.key.toLowerCase().endsWith(suffix) && e.value !== null);
  if (!set.some(isRepository)) return null;
  const remote = remoteArgument(args.slice(1));
  const own = remote === undefined ? undefined : set.find((e) => !isRepository(e) && e.key === `remote.${remote}${suffix}`);
  return `${pack.flag}=${own?.value ?? pack.fallback}`;
}

// The first operand: the remote's name (or URL) in every remote command bug-hunter runs.
function remoteArgument(rest: readonly string[]): string | undefined {
  let options = true;
  for (const arg of rest) {
    if (options && arg === '--end-of-options') options = false;
    else if (!(options && arg.startsWith('-'))) return arg;
  }
  return undefined;
}

/** The repository's git settings refuse an operation: what, where, and what to do. Exit 3. */
export class RepositoryConfigRefusal extends IntegrityError {
  override readonly name = 'RepositoryConfigRefusal';
}
