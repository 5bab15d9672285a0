// The configs `bug-hunter init` writes, both valid as they are (the static engine): the repository's, with only keys a
// repository config may set (limits), and the user's, with who answers (providers, roles) and an `examples` section
// showing each provider. `init --use <example>` promotes one example's "providers" and "roles" to the top level.
import type { ConfigFile } from './schema.ts';
import { REPOSITORY_MAY_SET } from './trust.ts';

/** The repository's part: every key a repository config may set (limits, as written they ask nothing). */
export function repositoryExample(): ConfigFile {
  const all = exampleConfig();
  return Object.fromEntries(Object.entries(all).filter(([key]) => key !== 'examples' && Object.entries(REPOSITORY_MAY_SET).some(([k, may]) => may !== 'never' && (k === key || k.startsWith(`${key}.`))))) as ConfigFile;
}

/** The user's part: providers, roles and the examples; `use` promotes one example to the top level. */
export function userExample(use?: string): ConfigFile {
  const { providers, roles, examples } = exampleConfig();
  const chosen = use === undefined ? undefined : examples?.[use];
  return { providers: chosen ? chosen.providers : providers, roles: chosen ? chosen.roles : roles, ...(examples ? { examples } : {}) };
}

export function exampleConfig(): ConfigFile {
  return {
    providers: {},
    roles: { default: { provider: 'static' } },
    budgets: { perRunTokens: 2_000_000, perDayTokens: 10_000_000, warnAt: 0.7 },
    timeouts: { callMs: 120_000, commandMs: 600_000 },
    retries: { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 60_000 },
    maxOutputChars: 200_000,
    record: false,
    examples: {
      anthropic: {
        description: 'Anthropic API; key in $ANTHROPIC_API_KEY. A cheap model hunts, a strong one referees.',
        providers: { anthropic: { type: 'anthropic', apiKeyEnv: 'ANTHROPIC_API_KEY', concurrency: 4 } },
        roles: {
          default: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
          hunter: { provider: 'anthropic', model: 'claude-haiku-4-5' },
          referee: { provider: 'anthropic', model: 'claude-opus-4-1' },
        },
      },
      openai: {
        description: 'OpenAI API with strict JSON-schema output; key in $OPENAI_API_KEY.',
        providers: { openai: { type: 'openai', apiKeyEnv: 'OPENAI_API_KEY', concurrency: 8 } },
        roles: { default: { provider: 'openai', model: 'gpt-4.1' }, hunter: { provider: 'openai', model: 'gpt-4.1-mini' } },
      },
      ollama: {
        description: 'A local model through an OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio); no key.',
        providers: { local: { type: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1', structuredOutput: 'auto', concurrency: 1, timeoutMs: 600_000 } },
        roles: { default: { provider: 'local', model: 'qwen2.5-coder:14b' } },
      },
      openrouter: {
        description: 'OpenRouter (OpenAI-compatible); key in $OPENROUTER_API_KEY. Mix vendors per role.',
        providers: { openrouter: { type: 'openai-compatible', baseURL: 'https://openrouter.ai/api/v1', apiKeyEnv: 'OPENROUTER_API_KEY' } },
        roles: {
          default: { provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5' },
          hunter: { provider: 'openrouter', model: 'openai/gpt-4.1-mini' },
        },
      },
      'claude-cli': {
        description: 'An agent CLI (Claude Code) run per call; uses its own login. Prompt on stdin, JSON envelope on stdout.',
        providers: { claude: { type: 'command', command: ['claude', '-p', '--output-format', 'json', '--model', '{model}'], input: 'stdin', concurrency: 2 } },
        roles: { default: { provider: 'claude', model: 'sonnet' } },
      },
      replay: {
        description: 'Answer from transcripts recorded by an earlier run with "record": true (tests, reproducible benchmarks).',
        providers: { replay: { type: 'replay', transcriptsDir: '.bug-hunter/transcripts' } },
        roles: { default: { provider: 'replay' } },
      },
    },
  };
}
