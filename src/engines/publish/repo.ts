// Which GitHub repository to publish to: --repo owner/name, else the origin remote's URL (https, ssh or scp-like).
// The remote comes from the scanned repository's own config, so its host must be the GitHub server the user chose:
// a checkout whose origin points at another host is refused rather than guessed at.
import { UsageError } from '../../foundations/errors.ts';
import { gitSync } from '../git/run.ts';

export interface RepoRef {
  owner: string;
  name: string;
}

const PART = /^[A-Za-z0-9_.-]+$/;

export function repoSlug(repo: RepoRef): string {
  return `${repo.owner}/${repo.name}`;
}

/** `owner/name` from --repo, or a usage error naming the flag. */
export function parseRepoFlag(value: string): RepoRef {
  const [owner, name, ...rest] = value.split('/');
  if (rest.length > 0 || !owner || !name || !PART.test(owner) || !PART.test(name) || name === '.' || name === '..') {
    throw new UsageError(`--repo takes owner/name, for example --repo acme/widgets (got '${value}').`);
  }
  return { owner, name: name.replace(/\.git$/, '') };
}

/** Host and owner/name of a remote URL; null when it is not a URL of the form host/owner/name. Credentials are dropped. */
export function parseRemoteUrl(url: string): { host: string; repo: RepoRef } | null {
  const trimmed = url.trim();
  // scp-like: git@github.com:owner/name.git (no scheme, a colon before the first slash)
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)([^\s]+)$/.exec(trimmed);
  let host: string;
  let path: string;
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    host = scp[1]!;
    path = scp[2]!;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      return null;
    }
    if (!['https:', 'http:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:'].includes(parsed.protocol) || !parsed.hostname) return null;
    host = parsed.hostname;
    path = decodeURIComponent(parsed.pathname);
  }
  const parts = path.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (parts.length !== 2) return null;
  const [owner, rawName] = parts as [string, string];
  const name = rawName.replace(/\.git$/, '');
  if (!PART.test(owner) || !PART.test(name) || name === '.' || name === '..') return null;
  return { host: host.toLowerCase(), repo: { owner, name } };
}

/** The origin remote's URL as git resolves it, or null when there is no origin. */
function originUrl(target: string): string | null {
  try {
    return gitSync(target, ['remote', 'get-url', 'origin']).trim() || null;
  } catch {
    return null;
  }
}

/** --repo when given, else origin, whose host must be the server's (github.com unless GITHUB_SERVER_URL says otherwise). */
export function resolveRepo(target: string, flag: string | undefined, serverUrl: string): { repo: RepoRef; from: 'flag' | 'origin' } {
  if (flag !== undefined) return { repo: parseRepoFlag(flag), from: 'flag' };
  const url = originUrl(target);
  if (!url) throw new UsageError(`${target} has no origin remote to take the repository from. Pass --repo owner/name.`);
  const remote = parseRemoteUrl(url);
  // Never echo the URL itself: an https remote may carry a token in its user part.
  if (!remote) throw new UsageError(`The origin remote of ${target} is not a GitHub URL of the form host/owner/name. Pass --repo owner/name.`);
  const serverHost = new URL(serverUrl).hostname.toLowerCase();
  if (remote.host !== serverHost) {
    throw new UsageError(`The origin remote points at ${remote.host}, not ${serverHost} (GITHUB_SERVER_URL). Pass --repo owner/name, or set GITHUB_SERVER_URL for that server.`);
  }
  return { repo: remote.repo, from: 'origin' };
}
