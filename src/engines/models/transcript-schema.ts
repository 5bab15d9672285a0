// Schema of one recorded model exchange (<out>/transcripts/<role>-<promptHash>.json): enough to replay the
// call exactly — the final value or error, usage, model — plus each raw backend answer for debugging.
import { Type, type Static } from '@sinclair/typebox';
import { Role } from '../config/schema.ts';
import { literal } from '../../artifacts/schemas/literals.ts';

const Usage = Type.Object(
  { inputTokens: Type.Integer({ minimum: 0 }), outputTokens: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const Transcript = Type.Object(
  {
    schemaVersion: literal(1),
    kind: literal('bug-hunter-transcript'),
    role: Role,
    promptHash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'sha256 over system, prompt, schema name and schema.' }),
    recordedAt: Type.String({ format: 'date-time' }),
    provider: Type.String({ description: 'Provider name that answered.' }),
    model: Type.String(),
    request: Type.Object(
      { system: Type.String(), prompt: Type.String(), schemaName: Type.String(), maxOutputTokens: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    exchanges: Type.Array(
      Type.Object(
        {
          text: Type.String({ description: 'Raw answer (shortened past 20,000 characters).' }),
          usage: Usage,
          problems: Type.Array(Type.String(), { description: 'Why this answer was rejected; empty when accepted.' }),
        },
        { additionalProperties: false },
      ),
    ),
    outcome: Type.Union([
      Type.Object({ ok: literal(true), value: Type.Unknown() }, { additionalProperties: false }),
      Type.Object(
        { ok: literal(false), kind: Type.String(), message: Type.String(), retryable: Type.Boolean() },
        { additionalProperties: false },
      ),
    ]),
    usage: Usage,
    attempts: Type.Integer({ minimum: 0 }),
    latencyMs: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'transcript', description: 'One recorded model call, for replay.' },
);
export type Transcript = Static<typeof Transcript>;
