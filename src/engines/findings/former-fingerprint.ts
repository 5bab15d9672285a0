// How fingerprints were computed before the one identity (src/engines/static/fingerprint.ts): the static engine keyed on
// its rule id (64 hex), the model hunter on its category (32 hex), leads on tool and rule (64 hex). A finding keeps
// the fingerprint it had then in `formerFingerprints`, so suppressions, ledgers, baselines and issue markers
// written by an earlier version still find it (src/engines/findings/rekey.ts). Frozen: never change these formulas.
import { sha256 } from '../../foundations/hashing/hash.ts';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function formerStaticFingerprint(file: string, symbol: string, ruleId: string, subject: string, occurrence: number): string {
  const parts = [file, symbol, ruleId, collapse(subject)];
  if (occurrence > 0) parts.push(`#${occurrence}`);
  return sha256(parts.join('\0'));
}

export function formerModelFingerprint(file: string, symbol: string, category: string, subject: string): string {
  return sha256([file.toLowerCase(), symbol, category, collapse(subject)].join('\u0000')).slice(0, 32);
}

export function formerLeadFingerprint(file: string, tool: string, ruleId: string, quote: string): string {
  return sha256(['lead', file, tool, ruleId, collapse(quote)].join('\0'));
}
