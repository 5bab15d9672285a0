// OpenAI's strict structured output accepts a subset of JSON Schema: every property required, no open
// objects, fewer keywords. This derives that form from a TypeBox schema (optional → nullable) and undoes
// it on the answer (null optional → absent). Local ajv validation against the original stays the real gate.
import type { TSchema } from '@sinclair/typebox';
import { PhaseError } from '../../foundations/errors.ts';

type Json = Record<string, unknown>;

// Keywords strict mode accepts; anything else is dropped from what we send (not from what we validate).
const KEPT = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'description', 'title',
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

class NotStrict extends PhaseError {
  override readonly name: string = 'NotStrict';
}

function convert(node: unknown): Json {
  if (!node || typeof node !== 'object') throw new NotStrict('not a schema');
  const src = node as Json;
  if ('patternProperties' in src || '$ref' in src || 'allOf' in src || 'not' in src || 'oneOf' in src) throw new NotStrict('unsupported keyword');
  const out: Json = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === 'const') out.enum = [value];
    else if (key === 'format' && !FORMATS.has(String(value))) continue;
    else if (KEPT.has(key)) out[key] = value;
  }
  if (Array.isArray(src.anyOf)) out.anyOf = src.anyOf.map(convert);
  if (src.items !== undefined) out.items = convert(src.items);
  if (src.type === 'object' || src.properties) {
    if (src.additionalProperties !== undefined && src.additionalProperties !== false) throw new NotStrict('open object');
    const props = (src.properties ?? {}) as Record<string, unknown>;
    const required = new Set((src.required as string[] | undefined) ?? []);
    const properties: Json = {};
    for (const [name, child] of Object.entries(props)) {
      const converted = convert(child);
      properties[name] = required.has(name) ? converted : { anyOf: [converted, { type: 'null' }] };
    }
    out.properties = properties;
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

/** The strict-mode form of a schema, or null when it uses constructs strict mode cannot express. */
export function toStrictSchema(schema: TSchema): Json | null {
  try {
    const root = convert(JSON.parse(JSON.stringify(schema)));
    return root.type === 'object' ? root : null;
  } catch (error) {
    if (error instanceof NotStrict) return null;
    throw error;
  }
}

/** Removes the nulls strict mode put where the original schema had an optional property. */
export function dropNullOptionals(schema: unknown, value: unknown): unknown {
  if (!schema || typeof schema !== 'object' || value === null || typeof value !== 'object') return value;
  const s = schema as Json;
  if (Array.isArray(value)) return s.items ? value.map((v) => dropNullOptionals(s.items, v)) : value;
  let out = value as Json;
  if (s.properties && typeof s.properties === 'object') {
    const required = new Set((s.required as string[] | undefined) ?? []);
    out = { ...out };
    for (const [name, child] of Object.entries(s.properties as Json)) {
      if (!(name in out)) continue;
      if (out[name] === null && !required.has(name)) delete out[name];
      else out[name] = dropNullOptionals(child, out[name]);
    }
  }
  if (Array.isArray(s.anyOf)) for (const branch of s.anyOf) out = dropNullOptionals(branch, out) as Json;
  return out;
}
