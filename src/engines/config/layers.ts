// Configuration layers, merged: built-in < the repository's config (restricted unless trusted) < the user's config
// ($XDG_CONFIG_HOME/bug-hunter/config.json) < --config <file>; flags go on top elsewhere (overrides.ts). Pure: the
// files come in parsed. Records the file every key came from, so `doctor` can say it, and what was refused.
import type { RepositoryRefusal } from './resolve.ts';
import type { ConfigFile } from './schema.ts';
import { permissionOf, restrictRepositoryConfig, STRICTER_IS } from './trust.ts';

/** Which layer a file is, lowest first. */
export const LAYER_KINDS = ['repository', 'user', 'explicit'] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

export interface ConfigLayer {
  kind: LayerKind;
  path: string;
  file: ConfigFile;
  /** Used as written: the user's own files, and the repository's with --trust-repo-config. */
  trusted: boolean;
}

/** A file in force, as `doctor` lists it. */
export interface LayerInfo {
  kind: LayerKind;
  path: string;
  trusted: boolean;
}

export interface MergedConfig {
  file: ConfigFile;
  /** Dotted key → the path of the file whose value is used (keys not listed are built-in). */
  origins: Record<string, string>;
  refused: Array<RepositoryRefusal & { source: string }>;
  layers: LayerInfo[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeLayers(layers: readonly ConfigLayer[]): MergedConfig {
  // Untrusted limits are compared with what the trusted layers say (or the built-in value): a repository may only
  // make them stricter.
  const base = layers.filter((l) => l.trusted).reduce<Json>((acc, l) => deepMerge(acc, l.file as Json), {});
  let merged: Json = {};
  const origins: Record<string, string> = {};
  const refused: MergedConfig['refused'] = [];
  const stricter: Array<{ key: string; value: number; path: string }> = [];
  for (const layer of layers) {
    let file = layer.file as Json;
    if (!layer.trusted) {
      const restricted = restrictRepositoryConfig(layer.file, base as ConfigFile);
      file = restricted.file as Json;
      refused.push(...restricted.refused.map((r) => ({ ...r, source: layer.path })));
      for (const [key, value] of leaves(file)) if (typeof value === 'number' && stricterKey(key)) stricter.push({ key, value, path: layer.path });
    }
    merged = deepMerge(merged, file);
    for (const [key] of leaves(file)) origins[key] = layer.path;
  }
  // A stricter limit from an untrusted layer stands over the user's looser one (that is all it may do).
  for (const { key, value, path } of stricter) {
    const now = valueAt(merged, key);
    const direction = STRICTER_IS[patternOf(key) as keyof typeof STRICTER_IS];
    if (typeof now !== 'number' || (direction === 'lower' ? value < now : value > now)) {
      setAt(merged, key, value);
      origins[key] = path;
    }
  }
  for (const key of Object.keys(origins)) if (valueAt(merged, key) === undefined) delete origins[key];
  return { file: merged as ConfigFile, origins, refused, layers: layers.map(({ kind, path, trusted }) => ({ kind, path, trusted })) };
}

// Objects merge key by key (a provider, a role, a rule); anything else (an array of globs, a number) is replaced.
function deepMerge(low: Json, high: Json): Json {
  const out: Json = { ...low };
  for (const [key, value] of Object.entries(high)) {
    if (value === undefined) continue;
    out[key] = isRecord(value) && isRecord(out[key]) ? deepMerge(out[key] as Json, value) : value;
  }
  return out;
}

/** Every leaf of a config as [dotted key, value]; a record the trust table names whole (providers, rules) stops one
 * level down, so `doctor` says `rules.some-rule`, `providers.local`. */
function leaves(obj: Json, prefix = ''): Array<[string, unknown]> {
  return Object.entries(obj).flatMap(([key, value]): Array<[string, unknown]> => {
    const path = `${prefix}${key}`;
    if (isRecord(value) && permissionOf(path) === undefined) return leaves(value, `${path}.`);
    if (isRecord(value)) return Object.entries(value).map(([sub, inner]) => [`${path}.${sub}`, inner]);
    return [[path, value]];
  });
}

const stricterKey = (key: string): boolean => Object.hasOwn(STRICTER_IS, patternOf(key));
// prices.<model id>.inputPerMTok → prices.*.inputPerMTok (a model id may hold dots).
const patternOf = (key: string): string => (key.startsWith('prices.') ? `prices.*.${key.slice(key.lastIndexOf('.') + 1)}` : key);

function pathOf(key: string): string[] {
  if (!key.startsWith('prices.')) return key.split('.');
  const last = key.lastIndexOf('.');
  return ['prices', key.slice('prices.'.length, last), key.slice(last + 1)];
}

function valueAt(obj: Json, key: string): unknown {
  return pathOf(key).reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), obj);
}

function setAt(obj: Json, key: string, value: unknown): void {
  const parts = pathOf(key);
  const last = parts.pop() as string;
  let at = obj;
  for (const part of parts) {
    if (!isRecord(at[part])) at[part] = {};
    at = at[part] as Json;
  }
  at[last] = value;
}
