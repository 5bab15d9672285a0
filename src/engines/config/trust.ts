// What a config found inside the scanned repository may set (DESIGN §11): one table of every config key and the one
// function that applies it. Who answers (providers, roles, transcripts, base URLs, key variables, recording) is the
// user's alone; the limits that protect the user may only be made stricter; the rest the repository may set.
// A config the user trusts (--trust-repo-config, or one outside the repository) is not restricted. Pure.
import { CONFIG_DEFAULTS, type RepositoryRefusal } from './resolve.ts';
import { restrictPrices } from './repository-prices.ts';
import type { ConfigFile } from './schema.ts';

export type RepositoryPermission = 'set' | 'stricter-only' | 'never';

/**
 * Every key of a config file (`*` stands for a model id) → what a repository config may do with it. A key the
 * schema gains must be added here (a test walks the schema); a key missing from the table is refused.
 */
export const REPOSITORY_MAY_SET = {
  $schema: 'set',
  examples: 'set',
  providers: 'never',
  roles: 'never',
  record: 'never',
  'budgets.perRunTokens': 'stricter-only',
  'budgets.perDayTokens': 'stricter-only',
  'budgets.perCycleSeconds': 'stricter-only',
  'budgets.perDaySeconds': 'stricter-only',
  'budgets.warnAt': 'stricter-only',
  'prices.*.inputPerMTok': 'stricter-only',
  'prices.*.outputPerMTok': 'stricter-only',
  'timeouts.callMs': 'stricter-only',
  'timeouts.commandMs': 'stricter-only',
  'retries.maxAttempts': 'stricter-only',
  'retries.baseDelayMs': 'stricter-only',
  'retries.maxDelayMs': 'stricter-only',
  maxOutputChars: 'stricter-only',
  // What is scanned: the repository's word, listed by source, set aside under --no-repo-suppressions and, in a
  // diff-aware scan, taken from the diff's base (src/engines/config/scan-settings.ts).
  rules: 'set',
  include: 'set',
  exclude: 'set',
  maxFileBytes: 'set',
} as const satisfies Record<string, RepositoryPermission>;

export type ConfigKey = keyof typeof REPOSITORY_MAY_SET;
type StricterOnlyKey = { [K in ConfigKey]: (typeof REPOSITORY_MAY_SET)[K] extends 'stricter-only' ? K : never }[ConfigKey];
type LimitKey = Exclude<StricterOnlyKey, `prices.${string}`>;

/** Which way each stricter-only key gets stricter: a lower budget, timeout, retry count or cap; a dearer price. */
export const STRICTER_IS: Readonly<Record<StricterOnlyKey, 'lower' | 'higher'>> = {
  'budgets.perRunTokens': 'lower',
  'budgets.perDayTokens': 'lower',
  'budgets.perCycleSeconds': 'lower',
  'budgets.perDaySeconds': 'lower',
  'budgets.warnAt': 'lower',
  'prices.*.inputPerMTok': 'higher',
  'prices.*.outputPerMTok': 'higher',
  'timeouts.callMs': 'lower',
  'timeouts.commandMs': 'lower',
  'retries.maxAttempts': 'lower',
  'retries.baseDelayMs': 'lower',
  'retries.maxDelayMs': 'lower',
  maxOutputChars: 'lower',
};

/** The built-in value of each limit, compared with when the base config leaves it unset (no cap: Infinity). */
export const BUILT_IN_LIMITS: Readonly<Record<LimitKey, number>> = {
  'budgets.perRunTokens': Infinity,
  'budgets.perDayTokens': Infinity,
  'budgets.perCycleSeconds': Infinity,
  'budgets.perDaySeconds': Infinity,
  'budgets.warnAt': CONFIG_DEFAULTS.warnAt,
  'timeouts.callMs': CONFIG_DEFAULTS.callMs,
  'timeouts.commandMs': CONFIG_DEFAULTS.commandMs,
  'retries.maxAttempts': CONFIG_DEFAULTS.maxAttempts,
  'retries.baseDelayMs': CONFIG_DEFAULTS.baseDelayMs,
  'retries.maxDelayMs': CONFIG_DEFAULTS.maxDelayMs,
  maxOutputChars: CONFIG_DEFAULTS.maxOutputChars,
};

export interface RestrictedConfig {
  file: ConfigFile;
  refused: RepositoryRefusal[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function permissionOf(key: string): RepositoryPermission | undefined {
  return Object.hasOwn(REPOSITORY_MAY_SET, key) ? REPOSITORY_MAY_SET[key as ConfigKey] : undefined;
}

/**
 * What a repository config may set, applied: keys it may set are kept, limits are kept only where they are at least as
 * strict as `base` (the built-in values, and the user's own config where there is one), and everything else is left
 * out and refused. Roles the repository bound fall back to the static engine, as if it had bound none.
 */
export function restrictRepositoryConfig(repo: ConfigFile, base: ConfigFile = {}): RestrictedConfig {
  const file: Json = {};
  const refused: RepositoryRefusal[] = [];
  for (const [key, value] of Object.entries(repo)) decide(key, value, base, file, refused);
  return { file: file as ConfigFile, refused };
}

function decide(key: string, value: unknown, base: ConfigFile, out: Json, refused: RepositoryRefusal[]): void {
  if (value === undefined) return;
  if (key === 'prices' && isRecord(value)) {
    const restricted = restrictPrices(value as NonNullable<ConfigFile['prices']>, base.prices);
    if (Object.keys(restricted.prices).length > 0) out.prices = restricted.prices;
    refused.push(...restricted.refused);
    return;
  }
  const may = permissionOf(key);
  if (may === 'set') return setAt(out, key, value);
  if (may === 'never') return void refused.push(...whoAnswers(key, value));
  if (may === 'stricter-only' && typeof value === 'number') return limit(key as LimitKey, value, base, out, refused);
  if (may === undefined && isRecord(value)) {
    for (const [sub, inner] of Object.entries(value)) decide(`${key}.${sub}`, inner, base, out, refused);
    return;
  }
  refused.push({ key, why: 'who-answers' });
}

// A value that only repeats the built-in one (record false, a provider or role that is the static engine, as
// `bug-hunter init` writes) is left out without a word: it asks for nothing.
function whoAnswers(key: string, value: unknown): RepositoryRefusal[] {
  if (key === 'record') return value === false ? [] : [{ key, why: 'who-answers' }];
  if (!isRecord(value)) return [{ key, why: 'who-answers' }];
  const asksNothing = (entry: unknown) => isRecord(entry) && (key === 'providers' ? entry.type === 'static' : entry.provider === 'static' && entry.model === undefined);
  return Object.entries(value)
    .filter(([, entry]) => !asksNothing(entry))
    .map(([name]) => ({ key: `${key}.${name}`, why: 'who-answers' }));
}

function limit(key: LimitKey, asked: number, base: ConfigFile, out: Json, refused: RepositoryRefusal[]): void {
  const set = valueAt(base, key);
  const kept = typeof set === 'number' ? set : BUILT_IN_LIMITS[key];
  const looser = STRICTER_IS[key] === 'lower' ? asked > kept : asked < kept;
  // Refused: nothing is written, so the base value stands.
  if (looser) refused.push({ key, why: 'looser', asked, kept });
  else setAt(out, key, asked);
}

function valueAt(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), obj);
}

function setAt(obj: Json, key: string, value: unknown): void {
  const parts = key.split('.');
  const last = parts.pop() as string;
  let at = obj;
  for (const part of parts) {
    const next = isRecord(at[part]) ? (at[part] as Json) : {};
    at[part] = next;
    at = next;
  }
  at[last] = value;
}

/** True when the repository bound roles or defined providers that were refused: the static engine answers for them. */
export function refusedWhoAnswers(refused: readonly RepositoryRefusal[]): boolean {
  return refused.some((r) => r.key.startsWith('providers.') || r.key.startsWith('roles.'));
}

const describe = (r: RepositoryRefusal): string =>
  r.why === 'looser' ? `${r.key} ${r.asked} (${r.kept} is used)` : r.why === 'unpriced' ? `${r.key} (no built-in price to compare with)` : r.key;

/** The one warning for everything refused: which keys, from where, and how to accept them. */
export function repositoryConfigWarning(source: string, refused: readonly RepositoryRefusal[], userConfig?: string): string {
  const who = refused.filter((r) => r.why === 'who-answers').map(describe);
  const limits = refused.filter((r) => r.why !== 'who-answers').map(describe);
  const parts = [
    ...(who.length > 0 ? [`${who.join(', ')}: a config inside the scanned repository may not choose who answers (providers, role bindings, transcripts, base URLs, key variables, recording)${refusedWhoAnswers(refused) ? ', so the roles it bound use the static engine' : ''}`] : []),
    ...(limits.length > 0 ? [`${limits.join(', ')}: ${who.length > 0 ? 'it' : 'a config inside the scanned repository'} may only make a limit stricter (lower budgets, timeouts, retries and output caps; dearer prices)`] : []),
  ];
  return (
    `refused in ${source}: ${parts.join('; ')}. If you trust this repository, pass --trust-repo-config; ` +
    `or put these settings in your own config (${userConfig ?? '~/.config/bug-hunter/config.json'}, or a file passed with --config), or pass them on the command line (--provider, --model, --base-url).`
  );
}
