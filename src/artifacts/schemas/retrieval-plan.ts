// retrieval-plan.json: the context each chunk gets, ranked under hard budgets, with every exclusion recorded.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion, RETRIEVAL_SOURCES, RETRIEVAL_STOP_KINDS } from './literals.ts';
import { artifact, RepoPath } from './common.ts';

export const CONTEXT_REASONS = ['direct', 'definition', 'caller', 'dependency', 'dependent', 'trust-boundary'] as const;

export const ContextItem = Type.Object(
  {
    file: RepoPath,
    startLine: Type.Optional(Type.Integer({ minimum: 1, description: 'First line of a range; absent for a whole file.' })),
    endLine: Type.Optional(Type.Integer({ minimum: 1, description: 'Last line of a range (inclusive); absent for a whole file.' })),
    reason: literalUnion(
      CONTEXT_REASONS,
      {
        description:
          "direct: the chunk's own file; definition: where a symbol the chunk calls is defined; caller: code that calls the chunk's exports; " +
          'dependency / dependent: files the chunk imports / that import it (blast radius); trust-boundary: a recon boundary next to the chunk.',
      },
    ),
    symbol: Type.Optional(Type.String({ description: 'The symbol or boundary the item is about.' })),
    via: Type.Optional(Type.String({ description: 'Where the link was found, e.g. "src/app.ts:12".' })),
    tokens: Type.Integer({ minimum: 0, description: 'Estimated tokens (bytes/4, rounded up), as triage counts them.' }),
  },
  { additionalProperties: false },
);

export const RetrievalPlan = artifact(
  'retrieval-plan',
  {
    budgets: Type.Object(
      {
        maxFiles: Type.Integer({ minimum: 1, description: "Distinct files of context per chunk, beyond the chunk's own files." }),
        maxTokens: Type.Integer({ minimum: 1, description: "Tokens of context per chunk, beyond the chunk's own files (sized by triage)." }),
        source: literalUnion(RETRIEVAL_SOURCES, { description: 'plan: from adaptive-plan.json limits; default: the plan set none.' }),
      },
      { additionalProperties: false },
    ),
    index: Type.Object(
      {
        files: Type.Integer({ minimum: 0, description: 'Files indexed.' }),
        precise: Type.Integer({ minimum: 0, description: 'Indexed with ast-grep (JavaScript/TypeScript).' }),
        fallback: Type.Integer({ minimum: 0, description: 'Indexed with the regex fallback (names and import lines).' }),
        millis: Type.Integer({ minimum: 0, description: 'Wall time to read, parse and link the index.' }),
        unindexed: Type.Array(Type.Object({ file: RepoPath, reason: Type.String() }, { additionalProperties: false }), {
          description: 'Files in scope that were not indexed (changed since triage, unreadable); never used as context.',
        }),
      },
      { additionalProperties: false },
    ),
    notes: Type.Array(Type.String(), { description: 'How the plan was made where it matters, e.g. default budgets, no recon.json.' }),
    chunks: Type.Array(
      Type.Object(
        {
          chunkId: Type.String(),
          included: Type.Array(ContextItem, { description: 'In rank order: direct, definitions, callers, dependencies, dependents, trust boundaries.' }),
          excluded: Type.Array(
            Type.Object(
              {
                item: ContextItem,
                kind: literalUnion(RETRIEVAL_STOP_KINDS),
                why: Type.String(),
              },
              { additionalProperties: false },
            ),
            { description: 'Candidates left out, in rank order, with the budget or integrity rule that excluded each (integrity: always all of them).' },
          ),
          unlisted: Type.Object(
            {
              count: Type.Integer({ minimum: 0, description: 'Budget exclusions past the listing cap, counted instead of listed.' }),
              tokens: Type.Integer({ minimum: 0, description: 'Their estimated tokens.' }),
              budgetFiles: Type.Integer({ minimum: 0, description: 'Of those, excluded by maxFiles.' }),
              budgetTokens: Type.Integer({ minimum: 0, description: 'Of those, excluded by maxTokens.' }),
            },
            { additionalProperties: false, description: 'A hub file can have thousands of callers; past the cap, lower-ranked budget exclusions are counted here.' },
          ),
          usage: Type.Object(
            {
              files: Type.Integer({ minimum: 0, description: 'Distinct context files included (direct excluded).' }),
              tokens: Type.Integer({ minimum: 0, description: 'Context tokens included (direct excluded).' }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'One entry per chunk in adaptive-plan chunkOrder.' },
    ),
  },
  'Ranked context per chunk under file and token budgets; every budget exclusion is recorded.',
);
export type RetrievalPlan = Static<typeof RetrievalPlan>;
export type ContextItem = Static<typeof ContextItem>;
