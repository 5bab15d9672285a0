// A phase asks the model session only for the roles it declares: the context the driver hands it carries a client
// that refuses any other role and the declared roles alone among those a model serves. Asking for another role is
// a programming error in the phase (its declaration is wrong), so it throws at once, naming the phase and the role.
import { InternalError } from '../foundations/errors.ts';
import type { ModelClient, Role } from '../engines/models/types.ts';
import type { PhaseContext } from './types.ts';

/** A phase asked for a model role it does not declare: an InternalError, since it is a bug in bug-hunter (exit 3, and
 * the top level says so). */
export class UndeclaredRoleError extends InternalError {
  override readonly name: string = 'UndeclaredRoleError';
  constructor(phase: string, role: Role, declared: readonly Role[]) {
    super(`Phase '${phase}' asked the model session for the '${role}' role, which it does not declare in its roles (${declared.join(', ') || 'none'}): its declaration is wrong.`);
  }
}

/** The phase's view of the run's model session: only its declared roles. */
export function withDeclaredRoles(ctx: PhaseContext, phase: string, roles: readonly Role[]): PhaseContext {
  const declared = new Set(roles);
  const check = (role: Role) => {
    if (!declared.has(role)) throw new UndeclaredRoleError(phase, role, roles);
  };
  const { models, modelRoles, ...rest } = ctx;
  const scoped: PhaseContext = { ...rest, declaredRoles: { phase, check } };
  if (modelRoles) scoped.modelRoles = new Set([...modelRoles].filter((r) => declared.has(r)));
  if (models) scoped.models = roleCheckedClient(models, check);
  return scoped;
}

function roleCheckedClient(client: ModelClient, check: (role: Role) => void): ModelClient {
  return {
    complete(req) {
      check(req.role);
      return client.complete(req);
    },
  };
}
