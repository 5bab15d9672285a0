// Finding identity that survives line shifts: normalised file, enclosing symbol, defect kind and subject text.
import { sha256 } from '../run/hash.ts';

export interface FingerprintParts {
  file: string;
  symbol?: string | undefined;
  /** Defect kind: a static rule id or a model finding's category. */
  kind: string;
  /** What the defect is about: the sink expression or the quoted evidence, whitespace-normalised. */
  subject: string;
}

export function fingerprintOf(parts: FingerprintParts): string {
  const subject = parts.subject.replace(/\s+/g, ' ').trim();
  return sha256([parts.file.toLowerCase(), parts.symbol ?? '', parts.kind, subject].join('\u0000')).slice(0, 32);
}

export function findingIdOf(fingerprint: string): string {
  return `BH-${fingerprint.slice(0, 12)}`;
}
