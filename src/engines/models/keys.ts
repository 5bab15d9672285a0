// API keys: read only from the environment variable a provider names (or the vendor's usual one), at the
// moment a client is built. Error messages name the variable, never a value.
import { UsageError } from '../../foundations/errors.ts';
import type { ProviderConfig } from '../config/schema.ts';

/** The vendor's usual key variable per provider type. */
export const DEFAULT_KEY_ENV: Partial<Record<ProviderConfig['type'], string>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
};

// Local OpenAI-compatible servers need no key, but the SDK insists on a non-empty string.
export const NO_KEY = 'no-key-needed';

export function apiKeyFor(name: string, provider: ProviderConfig, env: NodeJS.ProcessEnv): string {
  const variable = provider.apiKeyEnv ?? DEFAULT_KEY_ENV[provider.type];
  if (!variable) return NO_KEY;
  const value = env[variable];
  if (!value) {
    throw new UsageError(
      `Provider '${name}' (${provider.type}) needs an API key in the environment variable ${variable}, which is not set. ` +
        `Export it, name another variable with providers.${name}.apiKeyEnv, or use the static engine (--provider static).`,
    );
  }
  return value;
}
