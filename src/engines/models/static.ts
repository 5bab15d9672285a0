// The `static` slot: a role bound to provider type 'static' asks no model (the embedded static engine does
// its job). With no configuration every role is static, and the run says so via describeEngineChoice().
import { ROLES, type Role } from '../config/schema.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { refusedWhoAnswers } from '../config/trust.ts';

/** True when the role is answered by a model (or a replay of one), false for the static engine. */
export function roleUsesModel(config: ResolvedConfig, role: Role): boolean {
  const provider = config.providers[config.roles[role].provider];
  return provider !== undefined && provider.type !== 'static';
}

/** One line for logs and reports: which engine serves which role (all roles, or only those a phase declares). */
export function describeEngineChoice(config: ResolvedConfig, roles: readonly Role[] = ROLES): string {
  const modelRoles = roles.filter((r) => roleUsesModel(config, r));
  if (modelRoles.length === 0) return `static engine (${whyNoModel(config)})`;
  const groups = new Map<string, Role[]>();
  for (const role of modelRoles) {
    const b = config.roles[role];
    const label = `${b.provider}${b.model ? `/${b.model}` : ''}`;
    groups.set(label, [...(groups.get(label) ?? []), role]);
  }
  const parts = [...groups].map(([label, roles]) => `${roles.join(', ')} → ${label}`);
  const rest = roles.filter((r) => !modelRoles.includes(r));
  if (rest.length > 0) parts.push(`${rest.join(', ')} → static engine`);
  return `models: ${parts.join('; ')}`;
}

/** Why no role uses a model, in words that point at the fix. */
function whyNoModel(config: ResolvedConfig): string {
  const own = config.userConfig ?? '~/.config/bug-hunter/config.json';
  if (config.source === null) return 'no model configured';
  // The repository bound roles that were refused: the line must not suggest they answered, and says where they go.
  if (refusedWhoAnswers(config.refused)) {
    return `providers in the repository's config are ignored (refused: a repository config may not choose who answers); put them in ${own} or pass --config <file> or --trust-repo-config`;
  }
  const files = config.layers.length > 0 ? config.layers.map((l) => l.path).join(', ') : config.source;
  return `${files} ${config.layers.length > 1 ? 'bind' : 'binds'} no role to a model; set "roles" and "providers" in ${own} ('bug-hunter init --use <example>'), or pass --provider and --model`;
}
