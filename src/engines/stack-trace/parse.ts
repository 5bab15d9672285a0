// A logged stack trace of any supported runtime → StackTrace, or why it was not understood. Pure.
import { looksLikeGoTrace, parseGoTrace } from './go.ts';
import { looksLikeNodeTrace, parseNodeTrace } from './node.ts';
import { looksLikePythonTrace, parsePythonTrace } from './python.ts';
import type { StackTrace } from './types.ts';

export type ParsedTrace = { ok: true; trace: StackTrace } | { ok: false; problem: string };

// Python and Go first: a Node frame pattern ('at x (y:1:2)') could appear inside their messages, not the reverse.
export function parseStackTrace(text: string): ParsedTrace {
  const parsers = [
    { name: 'Python traceback', looks: looksLikePythonTrace, parse: parsePythonTrace },
    { name: 'Go panic', looks: looksLikeGoTrace, parse: parseGoTrace },
    { name: 'Node.js stack trace', looks: looksLikeNodeTrace, parse: parseNodeTrace },
  ];
  for (const p of parsers) {
    if (!p.looks(text)) continue;
    const trace = p.parse(text);
    if (trace) return { ok: true, trace };
    return { ok: false, problem: `it looks like a ${p.name} but its error line or frames could not be read` };
  }
  return { ok: false, problem: "no Node.js ('    at fn (file:line:col)'), Python ('Traceback (most recent call last):') or Go ('panic: …' and 'goroutine N [running]:') trace was found" };
}
