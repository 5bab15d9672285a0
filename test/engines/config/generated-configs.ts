// Seeded random config files for the repository-config invariant: every key of the schema in random combinations,
// with values below, at and far above the built-in ones (prices of 0, timeouts of a billion ms, any provider type
// with transcripts, base URLs and key variables). Each one is schema-valid; bindings may be broken on purpose.
import { DEFAULT_PRICES } from '../../../src/engines/config/prices.ts';
import { CONFIG_DEFAULTS } from '../../../src/engines/config/resolve.ts';
import { PROVIDER_TYPES, ROLES, type ConfigFile, type ModelPrice, type ProviderConfig, type RoleBinding } from '../../../src/engines/config/schema.ts';

/** Model ids to price and to look up: built-in ids, prefixes of them, longer ids, vendor-prefixed, unknown ones. */
export const MODEL_IDS = [
  ...Object.keys(DEFAULT_PRICES),
  'claude',
  'claude-opus',
  'gpt',
  'gpt-4',
  'gpt-5-nano-2025',
  'claude-opus-4-5-20251101',
  'anthropic/claude-sonnet-4.5',
  'openai/gpt-4.1-mini',
  'GPT-4O',
  'o',
  'llama-3-70b',
  'qwen2.5-coder:14b',
];

const PRICE_VALUES = [0, 0.01, 0.4, 1, 3, 15, 100, 1e6];
const BUDGET_VALUES = [1, 5_000, 2_000_000, 1e12];
const SECONDS_VALUES = [0.001, 60, 86_400, 1e9];
const WARN_AT = [0.01, 0.5, 0.7, 0.71, 1];

export function randomConfig(random: () => number): ConfigFile {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const maybe = (p = 0.5) => random() < p;
  // Around a built-in value: far below, just below, equal, just above, far above.
  const around = (value: number) => pick([1, Math.max(1, value - 1), value, value + 1, 1_000_000_000]);
  const file: ConfigFile = {};
  if (maybe(0.1)) file.$schema = 'https://example.com/schema.json';
  if (maybe(0.6)) file.providers = randomProviders(random, pick, maybe);
  if (maybe(0.6)) file.roles = randomRoles(Object.keys(file.providers ?? {}), pick, maybe);
  if (maybe()) {
    const budgets: NonNullable<ConfigFile['budgets']> = {};
    if (maybe()) budgets.perRunTokens = pick(BUDGET_VALUES);
    if (maybe()) budgets.perDayTokens = pick(BUDGET_VALUES);
    if (maybe()) budgets.perCycleSeconds = pick(SECONDS_VALUES);
    if (maybe()) budgets.perDaySeconds = pick(SECONDS_VALUES);
    if (maybe()) budgets.warnAt = pick(WARN_AT);
    file.budgets = budgets;
  }
  if (maybe()) {
    const prices: Record<string, ModelPrice> = {};
    for (let n = Math.floor(random() * 4); n > 0; n--) prices[pick(MODEL_IDS)] = { inputPerMTok: pick(PRICE_VALUES), outputPerMTok: pick(PRICE_VALUES) };
    file.prices = prices;
  }
  if (maybe()) {
    file.timeouts = {};
    if (maybe()) file.timeouts.callMs = around(CONFIG_DEFAULTS.callMs);
    if (maybe()) file.timeouts.commandMs = around(CONFIG_DEFAULTS.commandMs);
  }
  if (maybe()) {
    file.retries = {};
    if (maybe()) file.retries.maxAttempts = around(CONFIG_DEFAULTS.maxAttempts);
    if (maybe()) file.retries.baseDelayMs = around(CONFIG_DEFAULTS.baseDelayMs);
    if (maybe()) file.retries.maxDelayMs = around(CONFIG_DEFAULTS.maxDelayMs);
  }
  if (maybe()) file.maxOutputChars = around(CONFIG_DEFAULTS.maxOutputChars);
  if (maybe(0.3)) file.record = maybe();
  if (maybe(0.1)) file.examples = { x: { description: 'an example', providers: {}, roles: {} } };
  return file;
}

function randomProviders(random: () => number, pick: <T>(list: readonly T[]) => T, maybe: (p?: number) => boolean): Record<string, ProviderConfig> {
  const providers: Record<string, ProviderConfig> = {};
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const type = pick(PROVIDER_TYPES);
    const provider: ProviderConfig = { type };
    if (type === 'command' || maybe(0.2)) provider.command = ['sh', '-c', 'echo {}'];
    if (maybe(0.4)) provider.transcriptsDir = pick(['.bug-hunter/transcripts', '../../elsewhere', '/tmp/answers']);
    if (maybe(0.4)) provider.baseURL = 'http://127.0.0.1:9/v1';
    if (maybe(0.4)) provider.apiKeyEnv = pick(['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN']);
    if (maybe(0.2)) provider.concurrency = 64;
    if (maybe(0.2)) provider.timeoutMs = 1_000_000_000;
    providers[pick(['r', 'evil', 'a', 'o', 'local', 'static'])] = provider;
  }
  return providers;
}

function randomRoles(providers: string[], pick: <T>(list: readonly T[]) => T, maybe: (p?: number) => boolean): NonNullable<ConfigFile['roles']> {
  const roles: Record<string, RoleBinding> = {};
  for (const role of ['default', ...ROLES]) {
    if (!maybe(0.4)) continue;
    const binding: RoleBinding = { provider: pick([...providers, 'static', 'nowhere']) };
    if (maybe()) binding.model = pick(MODEL_IDS);
    if (maybe(0.2)) binding.maxOutputTokens = 1_000_000;
    roles[role] = binding;
  }
  return roles;
}
