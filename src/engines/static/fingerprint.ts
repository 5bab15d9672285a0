// The one finding identity, for every engine (static rules, models, other tools' leads): file, the normalised code
// at the finding's first line, and its bug class. Nothing engine-specific (rule id, symbol, model wording) goes in,
// so two engines reporting the same bug at the same line produce the same fingerprint and merge. It lives with the
// static rules because a CWE one of them carries decides the bug class (bug-class.ts).
import { normaliseWhitespace } from '../integrity/evidence.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { bugClassOf } from './bug-class.ts';
import type { Category } from '../../artifacts/schemas/common.ts';

export interface IdentityInput {
  file: string;
  startLine: number;
  category: Category;
  cwe?: string | undefined;
}

export function normalisePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/**
 * The code a fingerprint keys on: the finding's first line, whitespace-normalised, with how many earlier lines of
 * the file read the same (so two identical lines stay two findings, and code inserted above moves neither).
 */
export function codeAt(lines: readonly string[], line: number): { code: string; occurrence: number } {
  const code = normaliseWhitespace(lines[line - 1] ?? '');
  let occurrence = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) if (normaliseWhitespace(lines[i]!) === code) occurrence++;
  return { code, occurrence };
}

/** 32 hex digits; `lines` is the content of the finding's file, split on line breaks. */
export function fingerprintOf(finding: IdentityInput, lines: readonly string[]): string {
  const { code, occurrence } = codeAt(lines, finding.startLine);
  const parts = [normalisePath(finding.file), bugClassOf(finding.category, finding.cwe), code];
  if (occurrence > 0) parts.push(`#${occurrence}`);
  return sha256(parts.join('\u0000')).slice(0, 32);
}

export function findingIdOf(fingerprint: string): string {
  return `BH-${fingerprint.slice(0, 12)}`;
}
