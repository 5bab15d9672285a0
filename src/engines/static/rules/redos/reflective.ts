// A pattern applied through the protocol the string methods call (`re[Symbol.replace](s, '')`, `re[Symbol.split](s)`)
// or through a prototype's method borrowed with call (`RegExp.prototype.test.call(re, s)`,
// `String.prototype.match.call(s, re)`): the same application as `s.replace(re, '')` or `re.test(s)`, written so
// that an overridden method on the value cannot interfere. Searched only in a file whose text writes one.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';

/** Which pattern a call applies, to what, and as which method. */
export interface Application { method: string; regexNode: SgNode | undefined; subject: SgNode | undefined }

const SYMBOL_INDEX = /^Symbol\.(match|matchAll|replace|search|split)$/;
const BORROWED = /^(RegExp|String)\.prototype\.(test|exec|match|matchAll|replace|replaceAll|search|split)\.call$/;

export const REFLECTIVE_TEXT = /\[\s*Symbol\.(?:match|matchAll|replace|search|split)\s*\]\s*\(|(?:RegExp|String)\.prototype\.(?:test|exec|match|matchAll|replace|replaceAll|search|split)\.call\s*\(/;

export const REFLECTIVE_CALLS = {
  kind: 'call_expression',
  has: {
    field: 'function',
    any: [
      { kind: 'subscript_expression', regex: '\\[\\s*Symbol\\.(match|matchAll|replace|search|split)\\s*\\]$' },
      { kind: 'member_expression', regex: '^(RegExp|String)\\.prototype\\.(test|exec|match|matchAll|replace|replaceAll|search|split)\\.call$' },
    ],
  },
};

/** The application a reflective call makes, or null when the call is none. */
export function reflectiveApplication(call: SgNode): Application | null {
  const callee = call.field('function');
  const args = argsOf(call);
  if (callee?.kind() === 'subscript_expression') {
    const method = SYMBOL_INDEX.exec(callee.field('index')?.text() ?? '')?.[1];
    return method ? { method, regexNode: callee.field('object') ?? undefined, subject: args[0] } : null;
  }
  const borrowed = BORROWED.exec(callee?.text() ?? '');
  if (!borrowed) return null;
  const [, owner, method = ''] = borrowed;
  return owner === 'RegExp' ? { method, regexNode: args[0], subject: args[1] } : { method, regexNode: args[1], subject: args[0] };
}
