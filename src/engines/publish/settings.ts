// Where and as whom to publish, from the environment the user set (never from the scanned repository):
// the token from GITHUB_TOKEN or GH_TOKEN, the API from GITHUB_API_URL, the web server from GITHUB_SERVER_URL.
import { UsageError } from '../../foundations/errors.ts';

export interface GitHubSettings {
  apiUrl: string;
  serverUrl: string;
  /** Milliseconds kept between two write requests (GitHub asks for at least a second). */
  writePaceMs: number;
}

export const DEFAULT_API_URL = 'https://api.github.com';
export const DEFAULT_SERVER_URL = 'https://github.com';
const DEFAULT_WRITE_PACE_MS = 1000;

function httpUrl(name: string, value: string | undefined, fallback: string): string {
  const raw = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${name} is not a URL (got '${raw}').`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${name} must be an http(s) URL (got '${raw}').`);
  if (url.username || url.password) throw new UsageError(`${name} must not carry credentials; put the token in GITHUB_TOKEN.`);
  return raw.replace(/\/+$/, '');
}

export function gitHubSettings(env: NodeJS.ProcessEnv): GitHubSettings {
  const pace = env.BUG_HUNTER_GITHUB_WRITE_PACE_MS;
  const writePaceMs = pace === undefined || pace === '' ? DEFAULT_WRITE_PACE_MS : Number(pace);
  if (!Number.isInteger(writePaceMs) || writePaceMs < 0) throw new UsageError(`BUG_HUNTER_GITHUB_WRITE_PACE_MS takes a whole number of milliseconds (got '${pace}').`);
  return {
    apiUrl: httpUrl('GITHUB_API_URL', env.GITHUB_API_URL, DEFAULT_API_URL),
    serverUrl: httpUrl('GITHUB_SERVER_URL', env.GITHUB_SERVER_URL, DEFAULT_SERVER_URL),
    writePaceMs,
  };
}

/** The token, or a usage error that says where it is looked for (and never prints any part of it). */
export function gitHubToken(env: NodeJS.ProcessEnv): string {
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  if (!token) {
    throw new UsageError('No GitHub token: set GITHUB_TOKEN (or GH_TOKEN) to a token that may write issues in the repository, or use --format markdown|json to write files instead.');
  }
  return token;
}
