// Token facts from the sources, line by line: where tokens are signed or verified (route authentication is in
// auth-rules.ts, where routers are mounted in threat-facts.ts).
// Pure: texts in, facts out. Patterns, not proof: an unrecognised middleware leaves a route "unknown", never "required".
import type { Authentication, Located } from '../../artifacts/schemas/threat-model.ts';
import { trimComment } from './auth-rules.ts';
import type { ThreatFileOp } from '../../artifacts/schemas/literals.ts';

export interface Mount {
  /** File whose router is mounted. */
  file: string;
  prefix: string;
  auth: Authentication;
  /** The authentication function the mount names (checked for a decoy). */
  guard?: string;
}

export interface TokenUse {
  at: Located;
  op: ThreatFileOp;
  /** The key argument's text, and where a literal key was found (absent when read from the environment or unknown). */
  key: string;
  literalKeyAt?: Located;
}

const TOKEN = /\bjwt\.(sign|verify)\(/;

/** jwt.sign / jwt.verify calls with their key argument; a key that is a string literal, or a const bound to one, is recorded. */
export function findTokenUses(path: string, content: string): TokenUse[] {
  const lines = content.split('\n');
  const uses: TokenUse[] = [];
  lines.forEach((raw, i) => {
    const line = trimComment(raw);
    const m = TOKEN.exec(line);
    if (!m) return;
    const args = splitArgs(line.slice((m.index ?? 0) + m[0].length));
    const key = (args[1] ?? '').trim();
    const use: TokenUse = { at: { file: path, line: i + 1, detail: raw.trim() }, op: m[1] as ThreatFileOp, key };
    if (/^['"`]/.test(key)) use.literalKeyAt = use.at;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) {
      const decl = lines.findIndex((l) => new RegExp(`\\b(?:const|let|var)\\s+${key.replace(/\$/g, '\\$')}\\s*=\\s*['"\`]`).test(l));
      if (decl >= 0) use.literalKeyAt = { file: path, line: decl + 1, detail: (lines[decl] ?? '').trim() };
    }
    uses.push(use);
  });
  return uses;
}

/** Top-level comma-separated arguments of a call whose opening parenthesis was consumed (one line only). */
function splitArgs(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const c of text) {
    if (quote) {
      current += c;
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      if (depth === 0) break;
      depth -= 1;
    } else if (c === ',' && depth === 0) {
      args.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  args.push(current);
  return args;
}
