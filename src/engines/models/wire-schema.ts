// The plain JSON form of a TypeBox schema as sent over the wire, and a safe tool/format name.
import type { TSchema } from '@sinclair/typebox';

/** JSON copy without TypeBox's symbol keys or the artifact $id (providers reject unknown ids). */
export function wireSchema(schema: TSchema): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  delete copy.$id;
  return copy;
}

/** Tool and response-format names allow letters, digits, _ and - (max 64). */
export function wireName(schemaName: string): string {
  const cleaned = schemaName.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return cleaned === '' ? 'answer' : cleaned;
}

/** Rough token count for providers that report none: about 4 characters per token. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
