// Replay backend: answers a call from its recorded transcript (role + prompt hash), re-judging the stored
// value against today's schema and check. A miss or a recorded failure is thrown, never papered over.
import { ProviderError } from '../../foundations/errors.ts';
import type { CompleteRequest, CompleteResult } from './types.ts';
import { judgeOutput } from './output.ts';
import { promptHash, readTranscript } from './transcripts.ts';

const KINDS: ReadonlySet<string> = new Set(['rate-limit', 'server', 'timeout', 'network', 'auth', 'invalid-output', 'budget', 'other']);

export async function replayCall<T>(dir: string, req: CompleteRequest<T>, maxOutputChars: number): Promise<CompleteResult<T>> {
  req.signal?.throwIfAborted();
  const transcript = readTranscript(dir, req.role, promptHash(req));
  const { outcome } = transcript;
  if (!outcome.ok) {
    const kind = KINDS.has(outcome.kind) ? (outcome.kind as ProviderError['kind']) : 'other';
    throw new ProviderError(outcome.message, kind, outcome.retryable);
  }
  const verdict = judgeOutput<T>({ text: JSON.stringify(outcome.value), parsed: outcome.value }, req.schema, maxOutputChars, req.check);
  if (!verdict.ok) {
    throw new ProviderError(`Recorded answer for role '${req.role}' no longer passes: ${verdict.problems.join('; ')}`, 'invalid-output', false);
  }
  return {
    value: verdict.value,
    usage: { ...transcript.usage },
    latencyMs: transcript.latencyMs,
    model: transcript.model,
    provider: transcript.provider,
    attempts: transcript.attempts,
  };
}
