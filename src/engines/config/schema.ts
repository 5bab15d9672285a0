// The shape of a config file (the repository's `.bug-hunter/config.json`, the user's, --config): providers, role
// bindings, budgets, prices, timeouts, retries, and what is scanned (rules, include, exclude, maxFileBytes).
// One TypeBox source of truth; types derive from it. API keys never appear here — only env var NAMES.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, PROMPT_INPUTS, RULE_SETTINGS, STRUCTURED_OUTPUT_MODES } from '../../artifacts/schemas/literals.ts';

export const ROLES = ['recon', 'hunter', 'skeptic', 'referee', 'tester', 'fixer'] as const;
export const Role = literalUnion(ROLES, { description: 'A pipeline role that may ask a model.' });
export type Role = (typeof ROLES)[number];

export const PROVIDER_TYPES = ['anthropic', 'openai', 'openai-compatible', 'command', 'replay', 'static'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

const Name = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$', description: 'A provider name: letters, digits, _ . -' });
const EnvName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'NAME of the environment variable holding the key, never the key.' });
const PositiveInt = (description: string) => Type.Integer({ minimum: 1, description });

export const ProviderConfig = Type.Object(
  {
    type: literalUnion(PROVIDER_TYPES, { description: 'Backend kind.' }),
    baseURL: Type.Optional(Type.String({ pattern: '^https?://', description: 'API base URL (anthropic, openai, openai-compatible).' })),
    apiKeyEnv: Type.Optional(EnvName),
    structuredOutput: Type.Optional(
      literalUnion(STRUCTURED_OUTPUT_MODES, {
        description: 'openai-compatible: strict json_schema, JSON mode + validation, or auto (strict, falling back when refused).',
      }),
    ),
    command: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'command: argv of the agent CLI. {model} and {promptFile} are substituted; no shell is used.',
      }),
    ),
    input: Type.Optional(literalUnion(PROMPT_INPUTS, { description: 'command: how the prompt is passed.' })),
    transcriptsDir: Type.Optional(Type.String({ minLength: 1, description: 'replay: folder of recorded transcripts (default <out>/transcripts).' })),
    concurrency: Type.Optional(PositiveInt('Calls in flight at once for this provider.')),
    timeoutMs: Type.Optional(PositiveInt('Per-call timeout for this provider (overrides timeouts.callMs).')),
  },
  { additionalProperties: false },
);
export type ProviderConfig = Static<typeof ProviderConfig>;

export const RoleBinding = Type.Object(
  {
    provider: Name,
    model: Type.Optional(Type.String({ minLength: 1, description: 'Model id at that provider (not needed for static/replay).' })),
    maxOutputTokens: Type.Optional(PositiveInt('Output token cap for this role.')),
  },
  { additionalProperties: false },
);
export type RoleBinding = Static<typeof RoleBinding>;

const RoleMap = Type.Object(
  {
    default: Type.Optional(RoleBinding),
    recon: Type.Optional(RoleBinding),
    hunter: Type.Optional(RoleBinding),
    skeptic: Type.Optional(RoleBinding),
    referee: Type.Optional(RoleBinding),
    tester: Type.Optional(RoleBinding),
    fixer: Type.Optional(RoleBinding),
  },
  { additionalProperties: false, description: 'Role → provider and model; roles not listed use "default", else the static engine.' },
);

export const Budgets = Type.Object(
  {
    perRunTokens: Type.Optional(PositiveInt('Token cap for one run (input + output).')),
    perDayTokens: Type.Optional(PositiveInt('Token cap per UTC day across runs of this target.')),
    perCycleSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'watch: CPU seconds one cycle may use; past it the cycle is cut short between chunks (--per-cycle-seconds).' })),
    perDaySeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'watch: CPU seconds per UTC day, degrading past warnAt and stopping at the cap (--per-day-seconds).' })),
    warnAt: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Fraction past which the run degrades (default 0.7).' })),
  },
  { additionalProperties: false },
);

export const ModelPrice = Type.Object(
  {
    inputPerMTok: Type.Number({ minimum: 0, description: 'USD per million input tokens.' }),
    outputPerMTok: Type.Number({ minimum: 0, description: 'USD per million output tokens.' }),
  },
  { additionalProperties: false },
);
export type ModelPrice = Static<typeof ModelPrice>;

const Timeouts = Type.Object(
  {
    callMs: Type.Optional(PositiveInt('Per-call timeout for HTTP providers (default 120000).')),
    commandMs: Type.Optional(PositiveInt('Per-call timeout for command providers (default 600000).')),
  },
  { additionalProperties: false },
);

const Retries = Type.Object(
  {
    maxAttempts: Type.Optional(PositiveInt('Tries per call for retryable failures (default 4).')),
    baseDelayMs: Type.Optional(PositiveInt('First backoff delay (default 500).')),
    maxDelayMs: Type.Optional(PositiveInt('Longest wait between tries, retry-after included (default 60000).')),
  },
  { additionalProperties: false },
);

const Example = Type.Object(
  {
    description: Type.String(),
    providers: Type.Record(Name, ProviderConfig),
    roles: RoleMap,
  },
  { additionalProperties: false },
);

export const ConfigFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    providers: Type.Optional(Type.Record(Name, ProviderConfig, { description: 'Named providers.' })),
    roles: Type.Optional(RoleMap),
    budgets: Type.Optional(Budgets),
    prices: Type.Optional(Type.Record(Type.String({ minLength: 1 }), ModelPrice, { description: 'Price overrides by model id or id prefix.' })),
    timeouts: Type.Optional(Timeouts),
    retries: Type.Optional(Retries),
    maxOutputChars: Type.Optional(PositiveInt('Largest model answer accepted, in characters (default 200000); the answer is read with a cap of 6 bytes per character plus 64 KiB, past which the read stops.')),
    record: Type.Optional(Type.Boolean({ description: 'Store every model exchange under <out>/transcripts/ for replay.' })),
    rules: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), literalUnion(RULE_SETTINGS), {
        description: "Static rule id → off, or the severity its findings take (over the CVSS band); shown as an override. As --rule <id>=<setting>.",
      }),
    ),
    include: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'Only files matching one of these globs (gitignore syntax, relative to the target) are in scope. As --include.' })),
    exclude: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'Files matching one of these globs are left out on purpose, listed as excluded. As --exclude.' })),
    maxFileBytes: Type.Optional(PositiveInt('Read source files up to this many bytes (default 1048576). As --max-file-bytes.')),
    examples: Type.Optional(Type.Record(Type.String(), Example, { description: 'Documentation only: ready-made provider setups to copy.' })),
  },
  { additionalProperties: false, title: 'bug-hunter config', description: 'bug-hunter configuration: <target>/.bug-hunter/config.json (the repository\'s), $XDG_CONFIG_HOME/bug-hunter/config.json (yours), --config <file>.' },
);
export type ConfigFile = Static<typeof ConfigFile>;
