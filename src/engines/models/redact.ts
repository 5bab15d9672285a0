// Keys come only from the environment and must never reach an artifact, transcript, log or error message:
// every string leaving the model layer passes through a redactor built from the keys in use.
import { redact } from '../../foundations/text/redact.ts';

export type Redactor = (text: string) => string;

const MIN_SECRET = 6;

function keyList(secrets: Iterable<string | undefined>): string[] {
  return [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET))];
}

/** For messages and logs: the keys in use plus any token-shaped string (the sandbox's rules). */
export function createRedactor(secrets: Iterable<string | undefined>): Redactor {
  const list = keyList(secrets);
  return (text) => redact(text, list);
}

/**
 * For transcripts: the exact key values only. Token-shape rules would also rewrite source code and answers
 * that merely look like tokens (test fixtures), and a replay must give back exactly what was recorded.
 */
export function exactRedactor(secrets: Iterable<string | undefined>): Redactor {
  const list = keyList(secrets).sort((a, b) => b.length - a.length);
  return (text) => list.reduce((out, secret) => (out.includes(secret) ? out.split(secret).join('[REDACTED]') : out), text);
}

/** Redacts every string inside a JSON-like value (for transcripts). */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactDeep(v, redactor)])) as T;
  }
  return value;
}
