// triage.json: which files are in scope, why they rank where they do, and how they are chunked.
import { Type, type Static } from '@sinclair/typebox';
import { DIFF_MODES, GRAPH_SOURCES, LISTINGS, literal, literalUnion, RANGE_OPERATORS, SCOPE_REASONS, SKIP_REASONS, SUPPRESSION_KINDS } from './literals.ts';
import { artifact, RepoPath, Sha256 } from './common.ts';

export const RiskSignal = Type.Object(
  {
    signal: Type.String({ description: 'Deterministic signal id, e.g. "exec", "sql", "request-input", "churn", "no-test".' }),
    weight: Type.Number({ description: 'Contribution to the risk score.' }),
    detail: Type.String({ description: 'Why the signal fired, e.g. the matched API.' }),
  },
  { additionalProperties: false },
);
export type RiskSignal = Static<typeof RiskSignal>;

export const TriagedFile = Type.Object(
  {
    path: RepoPath,
    language: Type.String({ description: 'Detected language id, e.g. "typescript".' }),
    bytes: Type.Integer({ minimum: 0 }),
    lines: Type.Integer({ minimum: 0 }),
    tokens: Type.Integer({ minimum: 0, description: 'Estimated source tokens.' }),
    sha256: Sha256,
    isTest: Type.Boolean({ description: 'Test, fixture or example code.' }),
    hasTest: Type.Boolean({ description: 'A test file that covers it was found.' }),
    risk: Type.Number({ minimum: 0, description: 'Risk score; higher is scanned first.' }),
    signals: Type.Array(RiskSignal),
    requiredBy: Type.Optional(
      Type.String({ description: 'A file triage would have skipped (vendored, test, build output, generated or minified) that in-scope code imports: the importer. It is in scope whatever its folder, name or header.' }),
    ),
    ignores: Type.Optional(
      Type.Array(
        Type.Object(
          {
            line: Type.Integer({ minimum: 1 }),
            ruleId: Type.String(),
            reason: Type.String({ minLength: 1 }),
            kind: Type.Optional(literalUnion(SUPPRESSION_KINDS, { description: 'block (-start … -end) or file (-file); absent: a line comment.' })),
            endLine: Type.Optional(Type.Integer({ minimum: 1, description: 'block: the last line it covers.' })),
          },
          { additionalProperties: false },
        ),
        { description: 'The reasoned inline `bug-hunter-ignore[-start|-file] <rule-id>: <reason>` comments of the file (absent when none): the report lists those that hid no finding as unused.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TriagedFile = Static<typeof TriagedFile>;

export const SkippedFile = Type.Object(
  {
    path: Type.String(),
    reason: literalUnion(SKIP_REASONS, { description: 'duplicate: a symlink to a file that is triaged under its own path. An ignored folder is one entry ending in "/".' }),
    detail: Type.Optional(Type.String({ description: 'The evidence, e.g. the size, the header line or the link target.' })),
    requiredBy: Type.Optional(
      Type.String({ description: 'In-scope code imports this file (the importer), yet it could not be read (size, encoding, a link out of the repository): it is in scope and not covered.' }),
    ),
    language: Type.Optional(
      Type.String({ description: 'A source file in scope by its path (not test code, or --include-tests) that was too large to read: its language. It is in scope and not covered.' }),
    ),
  },
  { additionalProperties: false },
);
export type SkippedFile = Static<typeof SkippedFile>;

export const Chunk = Type.Object(
  {
    id: Type.String({ pattern: '^chunk-[0-9]{3,}$' }),
    files: Type.Array(RepoPath, { minItems: 1 }),
    tokens: Type.Integer({ minimum: 0 }),
    risk: Type.Number({ minimum: 0, description: 'Highest file risk in the chunk.' }),
    oversized: Type.Boolean({ description: 'A single file larger than the chunk budget, isolated in its own chunk.' }),
  },
  { additionalProperties: false },
);
export type Chunk = Static<typeof Chunk>;

export const CHANGE_STATUSES = ['added', 'modified', 'deleted', 'renamed', 'copied', 'type-changed'] as const;

const LineRange = Type.Object(
  { start: Type.Integer({ minimum: 1 }), end: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false, description: 'First and last changed line (1-based, inclusive).' },
);

export const ChangedFile = Type.Object(
  {
    path: RepoPath,
    status: literalUnion(CHANGE_STATUSES),
    from: Type.Optional(Type.String({ description: 'Renamed or copied: the path before.' })),
    lines: Type.Array(LineRange, { description: 'Changed lines of the new version (git diff -U0); an added file is changed on every line; empty for deleted.' }),
  },
  { additionalProperties: false },
);

export const ScopedFile = Type.Object(
  {
    path: RepoPath,
    reason: literalUnion(SCOPE_REASONS),
    of: Type.Optional(Type.String({ description: 'dependent: the changed file the import chain starts from.' })),
    via: Type.Optional(Type.String({ description: 'dependent: the file this one imports directly.' })),
    hop: Type.Optional(Type.Integer({ minimum: 1, description: 'dependent: import hops from the changed file.' })),
  },
  { additionalProperties: false },
);
export type ScopedFile = Static<typeof ScopedFile>;

export const DiffScopeRecord = Type.Object(
  {
    mode: literalUnion(DIFF_MODES),
    radius: Type.Integer({ minimum: 0 }),
    base: Type.Optional(Type.String({ description: 'The ref as written (--since, or the base of --diff).' })),
    head: Type.Optional(Type.String({ description: 'The head of --diff, as written.' })),
    range: Type.Optional(literalUnion(RANGE_OPERATORS)),
    from: Type.Optional(Type.String({ description: 'Commit the diff starts from (the merge base for base...head, HEAD for --staged).' })),
    to: Type.Optional(Type.String({ description: '--diff: the head commit.' })),
    changed: Type.Array(ChangedFile, { description: 'Every changed path in the target, deleted and non-source ones included.' }),
    files: Type.Array(ScopedFile, { description: 'Triaged files in scope, with why: changed, or a dependent (importer) of a changed file.' }),
    outOfScope: Type.Integer({ minimum: 0, description: 'Triaged files left out: not changed and not within the radius.' }),
    graph: literalUnion(GRAPH_SOURCES, { description: 'code-index: dependents from the import graph; none: radius 0.' }),
  },
  { additionalProperties: false, description: 'Diff-aware scans only: what changed and why each file is in scope; only these files are chunked.' },
);
export type DiffScopeRecord = Static<typeof DiffScopeRecord>;

export const Triage = artifact(
  'triage',
  {
    listing: literalUnion(LISTINGS, {
      description: 'git: git ls-files (tracked + untracked, not ignored); walk: folder walk applying every .gitignore.',
    }),
    includeTests: Type.Boolean({ description: 'Whether test files were chunked (they are always listed, marked isTest).' }),
    maxFileBytes: Type.Integer({ minimum: 1, description: 'Files larger than this were skipped as huge.' }),
    tokenEstimate: literal('bytes/4', { description: 'How tokens were estimated: file bytes divided by 4, rounded up.' }),
    files: Type.Array(TriagedFile, { description: 'Source files (tests included, marked isTest), highest risk first.' }),
    skipped: Type.Array(SkippedFile),
    skippedCounts: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Skipped files per reason.' }),
    languages: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Files per language.' }),
    chunks: Type.Array(Chunk, { description: 'Chunks in risk order; test files only when includeTests; with a diff scope, only files in it.' }),
    diffScope: Type.Optional(DiffScopeRecord),
    totals: Type.Object(
      {
        files: Type.Integer({ minimum: 0, description: 'Triaged files, tests included.' }),
        lines: Type.Integer({ minimum: 0 }),
        tokens: Type.Integer({ minimum: 0, description: 'Estimated tokens of all triaged files.' }),
        skipped: Type.Integer({ minimum: 0 }),
        chunkTokenBudget: Type.Integer({ minimum: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  'Files in scope, risk ranking with reasons, skipped files with reasons, and chunks in risk order.',
);
export type Triage = Static<typeof Triage>;
