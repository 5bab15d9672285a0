// Model calls in the evidence cache: the validated answer of a call, keyed by everything that shapes it — provider
// (name, type, base URL or command), model, role, the system prompt (the prompt version) and user prompt by hash, the answer
// schema and the output cap. A replayed answer costs no tokens; the client checks it again (schema and the caller's
// check) before it is used, exactly as a fresh one.
import { Type, type TSchema } from '@sinclair/typebox';
import { hashJson, sha256 } from '../../foundations/hashing/hash.ts';
import { cacheKey } from './key.ts';

export const CachedAnswer = Type.Object(
  { value: Type.Unknown(), model: Type.String({ description: 'The model id the provider reported.' }) },
  { additionalProperties: false },
);

export interface ModelCallIdentity {
  provider: string;
  type: string;
  /** The base URL of an HTTP provider, or the argv of a command provider. */
  endpoint?: string;
  model: string;
  role: string;
  system: string;
  prompt: string;
  schemaName: string;
  schema: TSchema;
  maxOutputTokens: number;
}

export function modelCallKey(call: ModelCallIdentity): string {
  return cacheKey('model', {
    provider: call.provider,
    type: call.type,
    endpoint: call.endpoint ?? null,
    model: call.model,
    role: call.role,
    system: sha256(call.system),
    prompt: sha256(call.prompt),
    schemaName: call.schemaName,
    schema: hashJson(call.schema),
    maxOutputTokens: call.maxOutputTokens,
  });
}
