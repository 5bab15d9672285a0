// triage.json: which files are in scope, why they rank where they do, and how they are chunked.
import { Type, type Static } from '@sinclair/typebox';
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
  },
  { additionalProperties: false },
);
export type TriagedFile = Static<typeof TriagedFile>;

export const SkippedFile = Type.Object(
  {
    path: Type.String(),
    reason: Type.Union(
      ['ignored', 'vendored', 'generated', 'minified', 'binary', 'lockfile', 'huge', 'non-utf8', 'unreadable', 'symlink-escape', 'duplicate', 'not-source'].map((r) =>
        Type.Literal(r),
      ),
      { description: 'duplicate: a symlink to a file that is triaged under its own path. An ignored folder is one entry ending in "/".' },
    ),
    detail: Type.Optional(Type.String({ description: 'The evidence, e.g. the size, the header line or the link target.' })),
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

export const Triage = artifact(
  'triage',
  {
    listing: Type.Union([Type.Literal('git'), Type.Literal('walk')], {
      description: 'git: git ls-files (tracked + untracked, not ignored); walk: folder walk applying every .gitignore.',
    }),
    includeTests: Type.Boolean({ description: 'Whether test files were chunked (they are always listed, marked isTest).' }),
    maxFileBytes: Type.Integer({ minimum: 1, description: 'Files larger than this were skipped as huge.' }),
    tokenEstimate: Type.Literal('bytes/4', { description: 'How tokens were estimated: file bytes divided by 4, rounded up.' }),
    files: Type.Array(TriagedFile, { description: 'Source files (tests included, marked isTest), highest risk first.' }),
    skipped: Type.Array(SkippedFile),
    skippedCounts: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Skipped files per reason.' }),
    languages: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Files per language.' }),
    chunks: Type.Array(Chunk, { description: 'Chunks in risk order; test files only when includeTests.' }),
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
