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
  const normalised = normalisedLines(lines, Math.min(line - 1, lines.length));
  let occurrence = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) if (normalised(i) === code) occurrence++;
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

// A file's findings each count the earlier lines reading like theirs: the lines are normalised once per file (per
// lines array, weakly), not once per finding, which on a large file with many findings was most of the findings' cost.
const normalisedByLines = new WeakMap<readonly string[], { raw: string[]; normal: string[] }>();

/** Line i of `lines` whitespace-normalised, from what earlier findings of the array normalised (the first `count` lines
 *  are made ready); a line changed since it was normalised is normalised anew. */
function normalisedLines(lines: readonly string[], count: number): (i: number) => string {
  let done = normalisedByLines.get(lines);
  if (!done) normalisedByLines.set(lines, (done = { raw: [], normal: [] }));
  for (let i = done.raw.length; i < count; i++) {
    done.raw.push(lines[i]!);
    done.normal.push(normaliseWhitespace(lines[i]!));
  }
  const { raw, normal } = done;
  return (i) => (raw[i] === lines[i] ? normal[i]! : normaliseWhitespace(lines[i]!));
}
