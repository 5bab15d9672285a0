// The model flags `scan` and `phase` share, so a phase run by hand resolves the same models as the scan that
// started the run (and is refused when it would not).
import { resolve } from 'node:path';
import type { ModelRequest } from '../../driver/model-setup.ts';

export const MODEL_FLAGS = {
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'role-model': { type: 'string', multiple: true },
  record: { type: 'boolean' },
  config: { type: 'string' },
  'trust-repo-config': { type: 'boolean' },
} as const;

export interface ModelFlagValues {
  provider?: string;
  model?: string;
  'base-url'?: string;
  'role-model'?: string[];
  record?: boolean;
  config?: string;
  'trust-repo-config'?: boolean;
}

/** The ModelRequest the flags ask for; only flags that were given appear. */
export function modelRequestOf(values: ModelFlagValues, cwd: string): ModelRequest {
  return {
    ...(values.provider ? { provider: values.provider } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values['role-model'] ? { roleModel: values['role-model'] } : {}),
    ...(values.record ? { record: true } : {}),
    ...(values.config ? { configPath: resolve(cwd, values.config) } : {}),
    ...(values['trust-repo-config'] ? { trustRepoConfig: true } : {}),
  };
}
