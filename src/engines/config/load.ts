// Reads the config files in force and layers them (layers.ts): the repository's `<target>/.bug-hunter/config.json`,
// the user's `$XDG_CONFIG_HOME/bug-hunter/config.json` (default ~/.config), and an explicit --config file, which
// layers over the repository's rather than replacing it. A missing file is no layer (no file at all: the static
// engine); a malformed one is a usage error naming it. The repository's config, and an explicit one inside the
// target, are untrusted unless the caller trusts them: trust.ts decides what they may set.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { isInside } from '../../foundations/fs/paths.ts';
import { UsageError } from '../../foundations/errors.ts';
import { describeViolations, validate } from '../../artifacts/validate.ts';
import { ConfigFile } from './schema.ts';
import { resolveConfig, type ResolvedConfig } from './resolve.ts';
import { mergeLayers, type ConfigLayer, type LayerKind } from './layers.ts';
import { restrictRepositoryConfig } from './trust.ts';
import type { KeysAt, ScanKeys } from './scan-settings.ts';

export interface LoadOptions {
  /** An explicit config file (--config); relative paths resolve against the target. It layers over the others. */
  path?: string;
  /** Trust a config found inside the target: its providers, roles and limits are used as they are. */
  trustRepoConfig?: boolean;
  /** Where the user's config is looked up (XDG_CONFIG_HOME, HOME); the process's environment by default. */
  env?: NodeJS.ProcessEnv;
}

export function configPath(target: string): string {
  return join(target, '.bug-hunter', 'config.json');
}

/** `$XDG_CONFIG_HOME/bug-hunter/config.json`, else `~/.config/bug-hunter/config.json` (a relative XDG path is ignored, as the spec says). */
export function userConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(home, 'bug-hunter', 'config.json');
}

/** Validates parsed JSON as a config file; `where` names it in errors. */
export function checkConfigFile(raw: unknown, where: string): ConfigFile {
  const result = validate(ConfigFile, raw);
  if (!result.ok) {
    throw new UsageError(`${where} is not a valid bug-hunter config (${describeViolations(result.violations)}). Fix it, or run 'bug-hunter init --force' for a fresh example.`);
  }
  return raw as ConfigFile;
}

/** One config file on its own, validated and resolved (restricted as a repository's when not trusted). */
export function parseConfig(raw: unknown, where: string, baseDir: string, trusted = true): ResolvedConfig {
  const file = checkConfigFile(raw, where);
  if (trusted) return resolveConfig(file, where, baseDir);
  const restricted = restrictRepositoryConfig(file);
  return { ...resolveConfig(restricted.file, where, baseDir), refused: restricted.refused.map((r) => ({ ...r, source: where })) };
}

// Realpath first: a config reached through a symlink is judged by where it really is.
function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function insideTarget(path: string, target: string): boolean {
  if (!existsSync(path) || !existsSync(target)) return true;
  return isInside(realOrSelf(target), realOrSelf(path));
}

/** The parsed file, or undefined when it is not there and need not be. */
function readLayer(path: string, required: boolean): ConfigFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOENT' || code === 'ENOTDIR') && !required) return undefined;
    throw new UsageError(`Cannot read config ${path} (${code ?? (error as Error).message}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}). JSON has no comments; see 'bug-hunter init'.`);
  }
  return checkConfigFile(raw, path);
}

/** The files in force for a target, lowest first, each read and checked. */
export function configLayers(target: string, options: LoadOptions = {}): ConfigLayer[] {
  const trustRepo = Boolean(options.trustRepoConfig);
  const repoPath = configPath(target);
  const explicit = options.path ? resolve(target, options.path) : undefined;
  const userPath = userConfigPath(options.env);
  const layers: ConfigLayer[] = [];
  const add = (kind: LayerKind, path: string, required: boolean, trusted: boolean) => {
    // The same file named twice (--config .bug-hunter/config.json) is one layer, at the higher place.
    const real = realOrSelf(path);
    const at = layers.findIndex((l) => realOrSelf(l.path) === real);
    if (at >= 0) layers.splice(at, 1);
    const file = readLayer(path, required);
    if (file) layers.push({ kind, path, file, trusted });
  };
  add('repository', repoPath, false, trustRepo);
  // The user's config is theirs wherever it is; one inside the scanned repository is the repository's.
  add('user', userPath, false, trustRepo || !insideTarget(userPath, target));
  if (explicit) add('explicit', explicit, true, trustRepo || !insideTarget(explicit, target));
  return layers;
}

export function loadConfig(target: string, options: LoadOptions = {}): ResolvedConfig {
  const layers = configLayers(target, options);
  const merged = mergeLayers(layers);
  const top = layers.at(-1);
  const config = resolveConfig(merged.file, top?.path ?? null, target);
  const keysOf = (l: ConfigLayer): KeysAt => ({ where: l.path, keys: pickScanKeys(l.file) });
  const repository = layers.find((l) => l.kind === 'repository');
  const scanLayers = { ...(repository ? { repository: keysOf(repository) } : {}), user: layers.filter((l) => l.kind !== 'repository').map(keysOf) };
  return { ...config, refused: merged.refused, layers: merged.layers, origins: merged.origins, userConfig: userConfigPath(options.env), scanLayers };
}

/** The keys of what is scanned, from one config file. */
export function pickScanKeys(file: ConfigFile): ScanKeys {
  const { rules, include, exclude, maxFileBytes } = file;
  return { ...(rules ? { rules } : {}), ...(include ? { include } : {}), ...(exclude ? { exclude } : {}), ...(maxFileBytes !== undefined ? { maxFileBytes } : {}) };
}
