// What a config found inside the scanned repository may decide. It is the repository's, so it is untrusted: it may
// choose lenses, profiles, limits and rules, never a program to run, a server to talk to, or which environment
// variable holds a key. Pure: no file or environment access.
import { DEFAULT_KEY_ENV } from '../models/keys.ts';
import type { ConfigFile, ProviderConfig } from './schema.ts';

/** Provider keys that run code or send data (and keys) somewhere: taken only from a trusted config. */
export const UNTRUSTED_PROVIDER_KEYS = ['command', 'baseURL', 'apiKeyEnv'] as const satisfies readonly (keyof ProviderConfig)[];

export interface RestrictedConfig {
  file: ConfigFile;
  /** Dotted names of the ignored settings, e.g. providers.evil.command. */
  ignored: string[];
  /** Providers left out because they asked for an ignored setting. */
  droppedProviders: string[];
}

/**
 * The config minus every provider that asks for an untrusted key; roles bound to such a provider (directly or
 * through roles.default) fall back to the static engine, as if the provider had not been configured.
 */
export function restrictUntrustedConfig(file: ConfigFile): RestrictedConfig {
  const ignored: string[] = [];
  const providers: Record<string, ProviderConfig> = {};
  const droppedProviders: string[] = [];
  for (const [name, provider] of Object.entries(file.providers ?? {})) {
    // Naming the vendor's own variable (ANTHROPIC_API_KEY for anthropic) changes nothing, so it is no request.
    const asked = UNTRUSTED_PROVIDER_KEYS.filter((key) => provider[key] !== undefined && !(key === 'apiKeyEnv' && provider.apiKeyEnv === DEFAULT_KEY_ENV[provider.type]));
    if (asked.length === 0) {
      providers[name] = provider;
      continue;
    }
    ignored.push(...asked.map((key) => `providers.${name}.${key}`));
    droppedProviders.push(name);
  }
  if (droppedProviders.length === 0) return { file, ignored, droppedProviders };
  const roles = Object.fromEntries(Object.entries(file.roles ?? {}).filter(([, binding]) => binding && !droppedProviders.includes(binding.provider)));
  return { file: { ...file, providers, roles }, ignored, droppedProviders };
}

/** The warning for ignored settings: which keys, from where, and the three ways to trust them. */
export function untrustedConfigWarning(source: string, ignored: readonly string[]): string {
  return (
    `ignored ${ignored.join(', ')} in ${source}: a config inside the scanned repository may not choose a command to run, ` +
    'a base URL or which environment variable holds a key, so the roles that used those providers use the static engine. ' +
    'If you trust this repository, pass --trust-repo-config; or put these settings in your own config outside it (--config <file>), ' +
    'or pass them on the command line (--provider, --base-url).'
  );
}
