// hunter-findings.json: candidate findings per chunk, plus what was rejected and why.
import { Type, type Static } from '@sinclair/typebox';
import { CHUNK_STATUSES, literalUnion } from './literals.ts';
import { artifact, Finding } from './common.ts';
import { LeadOutcome } from './leads.ts';
import { FailureCause } from './coverage.ts';

export const ChunkOutcome = Type.Object(
  {
    chunkId: Type.String(),
    status: literalUnion(CHUNK_STATUSES),
    lenses: Type.Array(Type.String()),
    engine: Type.String(),
    error: Type.Optional(Type.String()),
    cause: Type.Optional(FailureCause),
    unsupported: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), reason: Type.String() }, { additionalProperties: false }), {
        description: 'Files of the chunk the engine has no scanner for (scanner-unsupported, never clean).',
      }),
    ),
    rejected: Type.Array(
      Type.Object({ reason: Type.String(), claim: Type.String(), file: Type.Optional(Type.String()) }, { additionalProperties: false }),
      { description: 'Candidates rejected (unsupported evidence, file outside the chunk, …).' },
    ),
  },
  { additionalProperties: false },
);

export const IncomingArgument = Type.Object(
  {
    file: Type.String({ description: 'The module whose exported function receives the value.' }),
    export: Type.String({ description: "The import key called: the exported member's name, or '' for the module's own value (module.exports = fn)." }),
    param: Type.Integer({ minimum: 0, description: '0-based parameter index.' }),
    via: Type.String({ description: 'Where the value came from, as the calling file describes it (req.query.name).' }),
    api: Type.Optional(Type.String({ description: "Set when the value is a parameter of a library's exported API (ps(args)) rather than request input." })),
    built: Type.Optional(Type.Boolean({ description: 'With api: the caller built the parameter into a larger string before passing it.' })),
    from: Type.String({ description: 'The calling file.' }),
    line: Type.Integer({ minimum: 1, description: 'Line of the call in the calling file.' }),
  },
  { additionalProperties: false },
);

export const ImportedValue = Type.Object(
  {
    file: Type.String({ description: 'The module that imports the value.' }),
    specifier: Type.String({ description: "The relative specifier it imports it by ('./cp')." }),
    export: Type.String({ description: "The import key: the exported member's name, or '' for the module's own value." }),
    module: Type.Optional(Type.String({ description: 'The Node module the value is (child_process).' })),
    member: Type.Optional(Type.String({ description: 'With module: the function of it the value is (exec).' })),
    pattern: Type.Optional(Type.Object({ source: Type.String(), flags: Type.String() }, { additionalProperties: false, description: 'The constant regular expression the value is.' })),
    call: Type.Optional(Type.Boolean({ description: 'With pattern: the value is a function that returns the pattern.' })),
    returns: Type.Optional(Type.Array(
      Type.Object(
        {
          param: Type.Integer({ minimum: 0, description: '0-based index of the parameter whose value the function returns.' }),
          built: Type.Optional(Type.Boolean({ description: 'The function builds that value into a larger string before returning it.' })),
        },
        { additionalProperties: false },
      ),
      { description: 'The value is a function that returns what these parameters were given, with no guard on the way.' },
    )),
    screen: Type.Optional(Type.Boolean({ description: 'The value is a key screen: a function that throws when its first argument is __proto__.' })),
    from: Type.String({ description: 'The module that writes the value.' }),
    line: Type.Integer({ minimum: 1, description: 'Line of the value in that module.' }),
  },
  { additionalProperties: false },
);

export const CrossFileTaint = Type.Object(
  {
    incoming: Type.Array(IncomingArgument, { description: 'Request input one module passes to a function another module exports; the static engine treats those parameters as input.' }),
    imported: Type.Optional(Type.Array(ImportedValue, { description: "Sinks, patterns and helpers a module imports from another module of the target (child_process re-exported, an exported regular expression, a function returning its argument): the static engine reads them as the module's own." })),
    cuts: Type.Array(Type.String(), { description: 'Where a bound (module hops, callers per parameter) stopped the pass; empty when it ran to its end.' }),
  },
  { additionalProperties: false, description: "The static engine's cross-file taint pass, which the skeptic re-checks findings with." },
);

export const HunterFindings = artifact(
  'hunter-findings',
  {
    findings: Type.Array(Finding, { description: 'Candidates after deduplication by fingerprint.' }),
    chunks: Type.Array(ChunkOutcome),
    leads: Type.Optional(Type.Array(LeadOutcome, { description: 'With --leads: what became of each candidate lead of leads.json.' })),
    crossFile: Type.Optional(CrossFileTaint),
  },
  'Hunter candidates with quoted evidence; rejected candidates counted per chunk.',
);
export type HunterFindings = Static<typeof HunterFindings>;
