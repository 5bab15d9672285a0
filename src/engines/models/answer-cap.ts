// The byte cap on one model answer as it arrives (HTTP body or agent CLI stdout), derived from maxOutputChars, and
// the error an answer past it fails with: invalid output, never retried, no repair turn — the role's work ends
// unreviewed, as for any answer that cannot be used.
import { ProviderError } from '../../foundations/errors.ts';

/** Room per character for the longest JSON escape (\uXXXX, 6 bytes), plus 64 KiB for the envelope around the answer. */
export function answerByteCap(maxOutputChars: number): number {
  return maxOutputChars * 6 + 65_536;
}

/** The answer of provider `name` (backend `type`) went past `maxBytes` and was cut off there. */
export function oversizedAnswer(name: string, type: string, maxBytes: number): ProviderError {
  return new ProviderError(
    `Provider '${name}' (${type}) sent an answer over the cap of ${maxBytes} bytes (derived from maxOutputChars); reading stopped there and the answer is rejected as oversized. Ask for a shorter answer or raise maxOutputChars.`,
    'invalid-output',
    false,
  );
}
