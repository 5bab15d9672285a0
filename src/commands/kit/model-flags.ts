// The model flags `scan` and `phase` share, so a phase run by hand resolves the same models as the scan that
// started the run (and is refused when it would not).
import { resolve } from 'node:path';
import type { ModelRequest } from '../../driver/model-setup.ts';
import type { FlagTable } from './usage.ts';

export const MODEL_FLAGS = {
  provider: {
    type: 'string',
    arg: '<name>',
    description: 'model provider for every role: a configured name, or anthropic, openai, openai-compatible, replay, static (default with no configuration: the embedded static engine, no key needed)',
  },
  model: { type: 'string', arg: '<id>', description: 'model for every model-backed role' },
  'base-url': { type: 'string', arg: '<url>', description: 'server for openai-compatible providers (Ollama, vLLM, llama.cpp, LM Studio, OpenRouter)' },
  'role-model': {
    type: 'string',
    multiple: true,
    arg: '<r=m>',
    description: "one role's model, e.g. --role-model hunter=claude-haiku-4-5 --role-model referee=anthropic:claude-opus-4-1",
  },
  config: {
    type: 'string',
    arg: '<file>',
    description: "a config file of yours (trusted), layered over <target>/.bug-hunter/config.json and ~/.config/bug-hunter/config.json ($XDG_CONFIG_HOME), never replacing them; flags win over it ('bug-hunter doctor' shows each key's file)",
  },
  'trust-repo-config': {
    type: 'boolean',
    description: "trust the scanned repository's own config: its providers, roles and looser limits are used (by default they are refused with a warning; see docs/configuration.md)",
  },
  record: { type: 'boolean', description: 'store every model exchange under <out>/transcripts/ (replay it with --provider replay)' },
} as const satisfies FlagTable;

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
