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
  if (modelRoles.length === 0) {
    if (config.source === null) return 'static engine (no model configured)';
    // Say why when the repository bound roles that were refused: the engine line must not suggest they answered.
    if (refusedWhoAnswers(config.refused)) return `static engine (the providers and roles of ${config.source} were refused: a repository config may not choose who answers; --trust-repo-config accepts them)`;
    return `static engine (${config.source} binds no role to a model)`;
  }
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
