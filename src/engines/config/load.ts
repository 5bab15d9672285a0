// Reads `<target>/.bug-hunter/config.json` (or an explicit path), validates it and resolves it.
// A missing file means built-in defaults (the static engine); a malformed one is a usage error naming where.
// A config inside the target is the repository's and untrusted unless the caller trusts it: trust.ts decides what it may set.
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isInside } from '../../foundations/fs/paths.ts';
import { UsageError } from '../../foundations/errors.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { ConfigFile } from './schema.ts';
import { resolveConfig, type ResolvedConfig } from './resolve.ts';
import { restrictRepositoryConfig } from './trust.ts';

export interface LoadOptions {
  /** An explicit config file (the user's own); relative paths resolve against the target. */
  path?: string;
  /** Trust a config found inside the target: its providers, roles and limits are used as they are. */
  trustRepoConfig?: boolean;
}

export function configPath(target: string): string {
  return join(target, '.bug-hunter', 'config.json');
}

/** Validates parsed JSON as a config file; `where` names it in errors. */
export function parseConfig(raw: unknown, where: string, baseDir: string, trusted = true): ResolvedConfig {
  const result = validate(ConfigFile, raw);
  if (!result.ok) {
    throw new UsageError(`${where} is not a valid bug-hunter config (${describeViolations(result.violations)}). Fix it, or run 'bug-hunter init --force' for a fresh example.`);
  }
  if (trusted) return resolveConfig(raw as ConfigFile, where, baseDir);
  const restricted = restrictRepositoryConfig(raw as ConfigFile);
  return { ...resolveConfig(restricted.file, where, baseDir), refused: restricted.refused };
}

// Realpath first: a config reached through a symlink is judged by where it really is.
function insideTarget(path: string, target: string): boolean {
  let real: string;
  let root: string;
  try {
    real = realpathSync(path);
    root = realpathSync(target);
  } catch {
    return true;
  }
  return isInside(root, real);
}

export function loadConfig(target: string, options: LoadOptions = {}): ResolvedConfig {
  const path = options.path ? resolve(target, options.path) : configPath(target);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No config file is the normal zero-setup case; an explicitly named one must exist.
    if (code === 'ENOENT' && !options.path) return resolveConfig({}, null, target);
    throw new UsageError(`Cannot read config ${path} (${code ?? (error as Error).message}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}). JSON has no comments; see 'bug-hunter init'.`);
  }
  return parseConfig(raw, path, target, Boolean(options.trustRepoConfig) || !insideTarget(path, target));
}
