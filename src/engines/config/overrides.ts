// CLI flag overrides on a resolved config: --provider, --model, --base-url, --role-model role=[provider:]model.
// Pure: returns a new config, throws a UsageError naming the flag when an override cannot apply.
import { UsageError } from '../../foundations/errors.ts';
import { PROVIDER_TYPES, ROLES, type ProviderConfig, type ProviderType, type Role } from './schema.ts';
import { checkBindings, STATIC_PROVIDER, type ResolvedConfig } from './resolve.ts';

export interface FlagOverrides {
  /** A configured provider name, or a provider type (anthropic, openai, openai-compatible, static, replay). */
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** 'hunter=claude-haiku-4-5' or 'referee=anthropic:claude-opus-4-1' (prefix only when it names a provider). */
  roleModel?: string[];
}

const URL_TYPES: ReadonlySet<ProviderType> = new Set(['anthropic', 'openai', 'openai-compatible']);

export function applyFlagOverrides(config: ResolvedConfig, flags: FlagOverrides): ResolvedConfig {
  const next: ResolvedConfig = structuredClone(config);
  if (flags.provider !== undefined) {
    const name = ensureProvider(next, flags.provider, '--provider');
    for (const role of ROLES) rebind(next, role, name, flags.model);
  } else if (flags.model !== undefined) {
    const modelRoles = ROLES.filter((role) => next.roles[role].provider !== STATIC_PROVIDER);
    if (modelRoles.length === 0) throw new UsageError(`--model '${flags.model}' needs a provider: pass --provider, or configure one in .bug-hunter/config.json ('bug-hunter init').`);
    for (const role of modelRoles) next.roles[role].model = flags.model;
  }
  if (flags.baseUrl !== undefined) applyBaseUrl(next, flags.baseUrl, flags.provider);
  for (const entry of flags.roleModel ?? []) applyRoleModel(next, entry);
  checkBindings(next);
  return next;
}

/** Returns the provider name to use, adding an entry with defaults when a bare provider type is named. */
function ensureProvider(config: ResolvedConfig, wanted: string, flag: string): string {
  if (config.providers[wanted]) return wanted;
  const type = PROVIDER_TYPES.find((t) => t === wanted);
  if (!type || type === 'command') {
    const known = [...new Set([...Object.keys(config.providers), ...PROVIDER_TYPES.filter((t) => t !== 'command')])].join(', ');
    const hint = type === 'command' ? ' A command provider needs its argv: define it in .bug-hunter/config.json.' : '';
    throw new UsageError(`${flag} '${wanted}' is neither a configured provider nor a provider type. Use one of: ${known}.${hint}`);
  }
  config.providers[wanted] = { type } satisfies ProviderConfig;
  return wanted;
}

// A model id belongs to one provider: moving a role to another provider drops its old model.
function rebind(config: ResolvedConfig, role: Role, provider: string, model: string | undefined): void {
  const binding = config.roles[role];
  const keepModel = binding.provider === provider ? binding.model : undefined;
  config.roles[role] = { ...binding, provider, model: model ?? keepModel };
  if (config.roles[role].model === undefined) delete config.roles[role].model;
}

function applyBaseUrl(config: ResolvedConfig, url: string, providerFlag: string | undefined): void {
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new UsageError(`--base-url must be an http(s) URL (got '${url}').`);
  const names = providerFlag !== undefined ? [providerFlag] : [...new Set(ROLES.map((r) => config.roles[r].provider))].filter((n) => n !== STATIC_PROVIDER);
  if (names.length !== 1) {
    throw new UsageError(`--base-url applies to one provider, but the roles use ${names.length === 0 ? 'none' : names.join(', ')}. Pass --provider too.`);
  }
  const name = names[0] as string;
  const provider = config.providers[name] as ProviderConfig;
  if (!URL_TYPES.has(provider.type)) throw new UsageError(`--base-url does not apply to provider '${name}' of type ${provider.type}.`);
  config.providers[name] = { ...provider, baseURL: url };
}

function applyRoleModel(config: ResolvedConfig, entry: string): void {
  const eq = entry.indexOf('=');
  const role = entry.slice(0, eq) as Role;
  const value = entry.slice(eq + 1);
  if (eq < 1 || !ROLES.includes(role) || value === '') {
    throw new UsageError(`--role-model takes role=[provider:]model with role one of ${ROLES.join(', ')} (got '${entry}').`);
  }
  // Model ids may contain ':' (ollama's 'qwen2.5-coder:7b'), so the prefix is a provider only when one has that name.
  const colon = value.indexOf(':');
  const prefix = colon > 0 ? value.slice(0, colon) : '';
  const isProvider = prefix !== '' && (config.providers[prefix] !== undefined || (PROVIDER_TYPES as readonly string[]).includes(prefix));
  if (isProvider) {
    const name = ensureProvider(config, prefix, '--role-model');
    rebind(config, role, name, value.slice(colon + 1));
    return;
  }
  if (config.roles[role].provider === STATIC_PROVIDER) {
    throw new UsageError(`--role-model '${entry}': role '${role}' uses the static engine; name the provider too, e.g. ${role}=anthropic:${value}.`);
  }
  config.roles[role].model = value;
}
