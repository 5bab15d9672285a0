// Turns a validated config file into a ResolvedConfig: defaults filled in, every role bound, bindings checked.
// Pure: no file or environment access (keys are read only when a client is created).
import { UsageError } from '../../foundations/errors.ts';
import type { LayerInfo } from './layers.ts';
import type { KeysAt } from './scan-settings.ts';
import { ROLES, type ConfigFile, type ModelPrice, type ProviderConfig, type Role, type RoleBinding } from './schema.ts';

/** A setting refused from an untrusted (repository) config, and why (decided in trust.ts). */
export interface RepositoryRefusal {
  /** Dotted key: providers.r, roles.default, timeouts.callMs, prices.gpt-4.1.inputPerMTok. */
  key: string;
  /** who-answers: only the user sets it; looser: it would loosen a limit; unpriced: no base price to compare with. */
  why: 'who-answers' | 'looser' | 'unpriced';
  /** For `looser`: what the repository asked, and the stricter value used instead. */
  asked?: number;
  kept?: number;
}

export interface ResolvedConfig {
  /** Path of the config file, or null when none was found (built-in defaults). */
  source: string | null;
  /** Folder that relative paths in the config resolve against (the target). */
  baseDir: string;
  providers: Record<string, ProviderConfig>;
  /** Every role bound: from `roles`, else `roles.default`, else the static engine. */
  roles: Record<Role, RoleBinding>;
  budgets: { perRunTokens?: number; perDayTokens?: number; spentToday?: number; perCycleSeconds?: number; perDaySeconds?: number; warnAt: number };
  prices: Record<string, ModelPrice>;
  timeouts: { callMs: number; commandMs: number };
  retries: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };
  maxOutputChars: number;
  record: boolean;
  /** Settings refused from an untrusted (repository) config (see trust.ts), with the file each came from; empty when none. */
  refused: Array<RepositoryRefusal & { source?: string }>;
  /** The files in force, lowest layer first (empty: built-in defaults only). */
  layers: LayerInfo[];
  /** Dotted key → the file its value came from; keys not listed are built-in. */
  origins: Record<string, string>;
  /** Where the user's own config is looked up (named in advice), when loaded from files. */
  userConfig?: string;
  /** What is scanned (rules, include, exclude, maxFileBytes) per file, kept apart by whose word it is (scan-settings.ts). */
  scanLayers?: { repository?: KeysAt; user: KeysAt[] };
}

/** The implicit provider that means "no model": always present under this name. */
export const STATIC_PROVIDER = 'static';

export const CONFIG_DEFAULTS = {
  warnAt: 0.7,
  callMs: 120_000,
  commandMs: 600_000,
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  maxOutputChars: 200_000,
} as const;

const MODEL_REQUIRED: ReadonlySet<string> = new Set(['anthropic', 'openai', 'openai-compatible']);

export function resolveConfig(file: ConfigFile, source: string | null, baseDir: string): ResolvedConfig {
  // The name 'static' always means "no model": a provider of another type may not take it over.
  const claimed = file.providers?.[STATIC_PROVIDER];
  if (claimed && claimed.type !== 'static') {
    throw new UsageError(`Provider name '${STATIC_PROVIDER}' in ${source ?? 'the configuration'} is reserved for the static engine; rename the ${claimed.type} provider.`);
  }
  const providers: Record<string, ProviderConfig> = { ...file.providers, [STATIC_PROVIDER]: { type: 'static' } };
  const roles = Object.fromEntries(
    ROLES.map((role) => [role, { ...(file.roles?.[role] ?? file.roles?.default ?? { provider: STATIC_PROVIDER }) }]),
  ) as Record<Role, RoleBinding>;
  const config: ResolvedConfig = {
    source,
    baseDir,
    providers,
    roles,
    budgets: { ...file.budgets, warnAt: file.budgets?.warnAt ?? CONFIG_DEFAULTS.warnAt },
    prices: { ...file.prices },
    timeouts: { callMs: file.timeouts?.callMs ?? CONFIG_DEFAULTS.callMs, commandMs: file.timeouts?.commandMs ?? CONFIG_DEFAULTS.commandMs },
    retries: {
      maxAttempts: file.retries?.maxAttempts ?? CONFIG_DEFAULTS.maxAttempts,
      baseDelayMs: file.retries?.baseDelayMs ?? CONFIG_DEFAULTS.baseDelayMs,
      maxDelayMs: file.retries?.maxDelayMs ?? CONFIG_DEFAULTS.maxDelayMs,
    },
    maxOutputChars: file.maxOutputChars ?? CONFIG_DEFAULTS.maxOutputChars,
    record: file.record ?? false,
    refused: [],
    layers: [],
    origins: {},
  };
  checkBindings(config);
  return config;
}

/** Every role names a known provider with what that provider needs; throws a UsageError naming the first problem. */
export function checkBindings(config: ResolvedConfig): void {
  const where = config.source ?? 'the configuration';
  for (const [name, provider] of Object.entries(config.providers)) {
    if (provider.type === 'command' && !provider.command) {
      throw new UsageError(`Provider '${name}' in ${where} has type 'command' but no "command" argv. Add e.g. "command": ["claude", "-p", "--output-format", "json"].`);
    }
  }
  for (const role of ROLES) {
    const binding = config.roles[role];
    const provider = config.providers[binding.provider];
    if (!provider) {
      const known = Object.keys(config.providers).join(', ');
      throw new UsageError(`Role '${role}' uses provider '${binding.provider}', which ${where} does not define. Known providers: ${known}.`);
    }
    if (MODEL_REQUIRED.has(provider.type) && !binding.model) {
      throw new UsageError(`Role '${role}' uses ${provider.type} provider '${binding.provider}' but names no model. Set roles.${role}.model (or roles.default.model) in ${where}, or pass --model.`);
    }
  }
}

/** The provider entry a role is bound to. */
export function providerFor(config: ResolvedConfig, role: Role): { name: string; provider: ProviderConfig; binding: RoleBinding } {
  const binding = config.roles[role];
  const provider = config.providers[binding.provider];
  if (!provider) throw new UsageError(`Role '${role}' uses unknown provider '${binding.provider}'.`);
  return { name: binding.provider, provider, binding };
}
