// coverage.json: what was and was not examined, and why; the basis for never claiming "clean" falsely.
import { Type, type Static } from '@sinclair/typebox';
import { FILE_COVERAGE_STATUSES, literalUnion } from './literals.ts';
import { artifact } from './common.ts';

export const FileCoverageStatus = literalUnion(FILE_COVERAGE_STATUSES, {
  description:
    'scanned: its chunk finished; failed: its chunk failed closed; unreviewed: its chunk never finished or never ran; not-covered: in scope (a source file, or a file in-scope code imports) but no engine could read it (too large, binary, not UTF-8, a link out of the repository, a name no artifact can carry), with the reason; skipped: triage left it out of scope.',
});
export type FileCoverageStatus = Static<typeof FileCoverageStatus>;

/** Why a review could not run that is not the reviewed code's fault: infrastructure it needed was down. */
export const FAILURE_CAUSES = ['provider-unavailable'] as const;
export const FailureCause = literalUnion(FAILURE_CAUSES, {
  description: 'provider-unavailable: the model provider could not be reached or kept failing (network, server, timeout, rate limit, authentication) — a systemic failure, not one of the code.',
});
export type FailureCause = Static<typeof FailureCause>;

// Skipped and unreadable files are listed as git or the folder walk named them: any character a file name may
// hold (a backslash too), never absolute and never through "..".
const ListedPath = Type.String({
  minLength: 1,
  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000]+$',
  description: 'Repository-relative path as listed (a skipped file may hold characters a scanned one cannot, such as a backslash).',
});

export const FileCoverage = Type.Object(
  {
    path: ListedPath,
    status: FileCoverageStatus,
    reason: Type.Optional(Type.String({ description: 'Why it was not scanned.' })),
    cause: Type.Optional(FailureCause),
    chunkId: Type.Optional(Type.String({ description: 'The triage chunk that held it.' })),
    engines: Type.Array(Type.String(), { description: 'Engines that examined it.' }),
    language: Type.Optional(Type.String({ description: 'scanner-unsupported: the language no configured engine reads (shell, python, …).' })),
  },
  { additionalProperties: false },
);
export type FileCoverage = Static<typeof FileCoverage>;

export const Coverage = artifact(
  'coverage',
  {
    files: Type.Array(FileCoverage, { description: 'In-scope files first (triage order), then skipped files.' }),
    totals: Type.Object(
      {
        inScope: Type.Integer({ minimum: 0 }),
        scanned: Type.Integer({ minimum: 0 }),
        failed: Type.Integer({ minimum: 0 }),
        unreviewed: Type.Integer({ minimum: 0 }),
        notCovered: Type.Optional(Type.Integer({ minimum: 0, description: 'In scope, not read: see each file\'s reason.' })),
        skipped: Type.Integer({ minimum: 0 }),
        unsupported: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    complete: Type.Boolean({ description: 'True only when every in-scope file was scanned.' }),
    unsupportedLanguages: Type.Optional(
      Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
        description: 'In-scope files in a language no configured engine reads, counted per language (absent when none). Not a failure by default (--require-coverage counts them); never clean.',
      }),
    ),
  },
  'Per-file coverage with reasons; complete only when every in-scope file was scanned.',
);
export type Coverage = Static<typeof Coverage>;
