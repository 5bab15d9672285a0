// The options a run was made with, as state.json keeps them: one schema that both validates an old or edited
// state.json and gives src/engines/run/options.ts its RunOptions and ScopeOptions types, so no reader casts them.
import { Type, type Static } from '@sinclair/typebox';
import { DEPENDENCY_STRATEGIES, DIFF_MODES, literalUnion, PROFILE_CHOICES, RANGE_OPERATORS, SANDBOX_CHOICES, SETTING_SOURCES } from './literals.ts';
import { Severity } from './common.ts';

const Count = Type.Integer({ minimum: 1 });

export const DiffScope = Type.Object(
  {
    mode: literalUnion(DIFF_MODES),
    radius: Type.Integer({ minimum: 0, description: 'Hops of importers taken in around changed files (0: only the changed files).' }),
    base: Type.Optional(Type.String({ description: 'The ref as the user wrote it: --since <ref>, or the base of --diff.' })),
    head: Type.Optional(Type.String({ description: 'The head of --diff, as written.' })),
    range: Type.Optional(literalUnion(RANGE_OPERATORS, { description: "--diff only: '...' from the merge base, '..' from base itself." })),
    from: Type.Optional(Type.String({ description: 'The commit the diff starts from (absent before the first commit).' })),
    to: Type.Optional(Type.String({ description: '--diff only: the head commit (it must be the checked-out commit).' })),
    changedPaths: Type.Optional(Type.Array(Type.String(), { description: "Instead of asking git: these changed paths (a --baseline scan reuses the head's)." })),
  },
  { additionalProperties: false, description: 'The diff a scan is scoped to (--since, --diff, --staged, --radius).' },
);

export const ScopeOptions = Type.Object(
  {
    includeTests: Type.Boolean({ description: 'Include test, fixture, example and benchmark code.' }),
    includeGenerated: Type.Optional(Type.Boolean({ description: '--include-generated. Set only when true.' })),
    noGitignore: Type.Optional(Type.Boolean({ description: '--no-gitignore. Set only when true.' })),
    include: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: '--include <glob> (repeatable): only matching files are in scope. Set only when given.' })),
    exclude: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: '--exclude <glob> (repeatable): matching files are left out (listed as excluded). Set only when given.' })),
    maxFileBytes: Type.Optional(Type.Integer({ minimum: 1, description: '--max-file-bytes (or maxFileBytes in a config): files larger than this are not read (default 1 MiB). Set only when given.' })),
    repositoryInclude: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: "The repository config's include globs (as at the diff's base in a diff-aware scan; absent under --no-repo-suppressions)." })),
    repositoryExclude: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: "The repository config's exclude globs (as repositoryInclude)." })),
    diff: Type.Optional(DiffScope),
  },
  { additionalProperties: false, description: 'Scope options (hashed into run.scopeHash).' },
);

/** One configured setting of what is scanned (a rule's setting, a config's include, exclude or maxFileBytes), by source. */
export const ConfiguredSetting = Type.Object(
  {
    key: Type.String({ minLength: 1, description: "rules.<id>, include, exclude or maxFileBytes." }),
    value: Type.String({ description: 'The value as written: off, a severity, globs joined by spaces, a byte count.' }),
    source: literalUnion(SETTING_SOURCES, { description: "repository: the scanned repository's config; user: your config or --config; flag: the command line." }),
    where: Type.String({ description: 'The file it is written in, or the flag.' }),
    applied: Type.Boolean({ description: 'False when it was set aside (why says why) or a higher layer set the same key.' }),
    why: Type.Optional(Type.String({ description: 'Why it was not applied.' })),
  },
  { additionalProperties: false },
);

export const RunOptions = Type.Object(
  {
    profile: literalUnion(PROFILE_CHOICES),
    failOn: Severity,
    concurrency: Type.Optional(Count),
    chunkTokens: Type.Optional(Count),
    maxChunks: Type.Optional(Count),
    loop: Type.Optional(Type.Boolean({ description: '--loop: cover every chunk and retry failed chunks once.' })),
    showSuspected: Type.Boolean({ description: 'Show T3 (suspected) findings too.' }),
    engine: Type.String({ minLength: 1, description: 'Hunting engine: the static engine, or a model provider by name.' }),
    staticEngine: Type.Optional(Type.String({ description: 'Rules and engine version of the static engine.' })),
    verifyPlan: Type.Optional(Type.String({ description: '--verify-plan: a plan file instead of detection.' })),
    sandboxBackend: Type.Optional(literalUnion(SANDBOX_CHOICES)),
    allowUnsandboxed: Type.Optional(Type.Boolean()),
    dependencies: Type.Optional(literalUnion(DEPENDENCY_STRATEGIES)),
    depScan: Type.Optional(
      Type.Object(
        {
          advisories: Type.Optional(Type.String()),
          registry: Type.Optional(Type.String()),
          exportCache: Type.Optional(Type.String({ description: 'Without --advisories: the folder of the OSV export copy `advisories update` writes.' })),
        },
        { additionalProperties: false },
      ),
    ),
    refineThreatModel: Type.Optional(Type.Boolean({ description: "The recon role's model refines the threat model whenever one serves that role; false (--no-refine-threat-model) turns it off." })),
    leads: Type.Optional(Type.Array(Type.Object({ path: Type.String(), sha256: Type.String() }, { additionalProperties: false }))),
    fix: Type.Optional(Type.Boolean()),
    noRepoSuppressions: Type.Optional(Type.Boolean({ description: '--no-repo-suppressions: ignore the committed suppressions.json and inline comments. Set only when true.' })),
    autoCommit: Type.Optional(Type.Boolean()),
    settings: Type.Optional(Type.Array(ConfiguredSetting, { description: 'Rule settings (--rule, config rules) and config scope keys, with their sources. Set only when there are any.' })),
    shard: Type.Optional(Type.Object({ index: Count, count: Count }, { additionalProperties: false, description: '--shard i/n (1-based).' })),
    baseline: Type.Optional(Type.Object({ ref: Type.String(), commit: Type.String() }, { additionalProperties: false })),
    cpuStop: Type.Optional(Type.Object({ micros: Type.Number({ minimum: 0 }), reason: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false, description: 'Run options (hashed into run.optionsHash); reused by manual phase runs.' },
);
export type RunOptionsData = Static<typeof RunOptions>;
export type ScopeOptionsData = Static<typeof ScopeOptions>;
