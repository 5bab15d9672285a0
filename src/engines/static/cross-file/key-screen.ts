// A key screen a module exports: a function that, first thing on every call, throws when its first parameter is
// `__proto__` — compared with the literal, or looked up in a module-level list or set whose literal names it — and
// returns only what it makes of that parameter (mysql2's `fieldEscape(field)`, refusing `__proto__` among the object's
// private properties). What such a call returns is never `__proto__`: prototype-pollution reads a key passed through it
// from another module that way (export-facts.ts records the fact, imported.ts finds the calls).
import type { SgNode } from '@ast-grep/napi';
import { escapeRe } from '../ast.ts';
import { returnedValues } from '../callees.ts';

// Not negated: `!ALLOWED.has(k)` throws on what the list leaves out, and `__proto__` is in it.
const LOOKUP = (list: string, param: string) => new RegExp(`(?<!!\\s*)\\b${escapeRe(list)}\\s*\\.\\s*(?:has|includes)\\(\\s*${escapeRe(param)}\\s*\\)`);

/** A module-level `const|let|var name = …` whose text names `__proto__` (a list or set of refused keys). */
function listNamingProto(root: SgNode, name: string): boolean {
  return root.children().some((s) => (s.kind() === 'lexical_declaration' || s.kind() === 'variable_declaration') && s.namedChildren().some((d) => d.kind() === 'variable_declarator' && d.field('name')?.text() === name && (d.field('value')?.text() ?? '').includes('__proto__')));
}

/** The `if` refuses `param` when it is `__proto__`: its condition names both, or looks param up in such a list. */
function refusesProto(condition: string, param: string, root: SgNode): boolean {
  if (!new RegExp(`(?<![.\\w$])${escapeRe(param)}(?![\\w$])`).test(condition)) return false;
  // Compared for equality (`k === '__proto__'`), not inequality.
  if (/['"`]__proto__['"`]/.test(condition)) return !/!==?\s*['"`]__proto__|__proto__['"`]\s*!==?/.test(condition);
  return [...condition.matchAll(/\b([\w$]+)\s*\.\s*(?:has|includes)\(/g)].some((m) => LOOKUP(m[1] as string, param).test(condition) && listNamingProto(root, m[1] as string));
}

const throws = (n: SgNode | null): boolean => n !== null && (n.kind() === 'throw_statement' || (n.kind() === 'statement_block' && n.namedChildren().some((c) => c.kind() === 'throw_statement')));

export function keyScreen(fn: SgNode, root: SgNode): boolean {
  const param = fn.field('parameters')?.namedChildren()[0];
  const name = param?.kind() === 'assignment_pattern' ? param.field('left') : param;
  const body = fn.field('body');
  if (name?.kind() !== 'identifier' || body?.kind() !== 'statement_block') return false;
  const p = name.text();
  // The check stands in the body itself, before any statement that can return: every call runs it.
  let screened = false;
  for (const s of body.namedChildren()) {
    if (s.kind() === 'return_statement' || s.find({ rule: { kind: 'return_statement' } })) break;
    if (s.kind() === 'if_statement' && throws(s.field('consequence')) && refusesProto(s.field('condition')?.text() ?? '', p, root)) {
      screened = true;
      break;
    }
  }
  if (!screened) return false;
  const returned = returnedValues(fn);
  const mentions = new RegExp(`(?<![.\\w$])${escapeRe(p)}(?![\\w$])`);
  return returned.length > 0 && returned.every((v) => mentions.test(v.text()));
}
