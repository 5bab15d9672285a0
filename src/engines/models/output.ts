// Model output is untrusted input: size-capped, parsed as JSON, validated against the schema, then the
// caller's own check. Returns problems as data; the client turns them into a repair turn or an error.
import type { TSchema } from '@sinclair/typebox';
import { describeViolations, validate } from '../../artifacts/validate.ts';

export type OutputVerdict<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** JSON from an answer: the whole text, else a ```json fence, else the outermost {...}. */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fence = /```(?:json)?\s*\n([\s\S]*?)\n?```/.exec(trimmed);
  if (fence?.[1]) candidates.push(fence[1]);
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(trimmed.slice(first, last + 1));
  let error = 'empty answer';
  for (const candidate of candidates) {
    if (candidate === '') continue;
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (e) {
      error = (e as Error).message;
    }
  }
  return { ok: false, error };
}

export function judgeOutput<T>(
  answer: { text: string; parsed?: unknown },
  schema: TSchema,
  maxChars: number,
  check?: (value: T) => string[],
): OutputVerdict<T> {
  if (answer.text.length > maxChars) {
    return { ok: false, problems: [`the answer is ${answer.text.length} characters, over the cap of ${maxChars}; answer more briefly`] };
  }
  let value = answer.parsed;
  if (value === undefined) {
    const parsed = extractJson(answer.text);
    if (!parsed.ok) return { ok: false, problems: [`the answer is not JSON (${parsed.error})`] };
    value = parsed.value;
  }
  const result = validate(schema, value);
  if (!result.ok) return { ok: false, problems: [`the answer does not match the schema: ${describeViolations(result.violations, 10)}`] };
  if (check) {
    let problems: string[];
    try {
      problems = check(value as T);
    } catch (error) {
      problems = [`the answer failed the caller's check (${(error as Error).message})`];
    }
    if (problems.length > 0) return { ok: false, problems };
  }
  return { ok: true, value: value as T };
}
