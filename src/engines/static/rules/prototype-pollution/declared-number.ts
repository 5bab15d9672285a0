// Prototype pollution, a parameter its function declares a number: `partition: number` in TypeScript, or
// `@param {number} partition` in the JSDoc right above it. A number is never __proto__, constructor or prototype; a
// caller handing a string there breaks the library's stated contract, not a guard of its own (keys.ts).
import type { SgNode } from '@ast-grep/napi';
import { escapeRe } from '../../ast.ts';
import { scopeIndex } from './scope.ts';

/** Nodes between a function and the statement its doc comment stands above. */
const HOLDERS = new Set(['assignment_expression', 'expression_statement', 'variable_declarator', 'lexical_declaration', 'variable_declaration', 'pair', 'export_statement', 'parenthesized_expression']);

/** The comment right above the function's declaration, method, or the statement assigning it. */
function docComment(fn: SgNode): string {
  let at = fn;
  for (let p = at.parent(); p && HOLDERS.has(String(p.kind())); p = p.parent()) at = p;
  const prev = at.prev();
  return prev?.kind() === 'comment' && prev.text().startsWith('/**') ? prev.text() : '';
}

/** Parameter `index` of fn is declared a number, by its type annotation or its JSDoc. */
export function declaredNumber(fn: SgNode, index: number): boolean {
  const param = scopeIndex(fn).paramsOf(fn)[index]?.node;
  if (!param) return false;
  const type = param.field('type')?.text().replace(/^:\s*/, '');
  if (type !== undefined) return type === 'number';
  if (param.kind() !== 'identifier') return false;
  const doc = docComment(fn);
  return doc !== '' && new RegExp(`@param\\s+\\{\\s*number\\s*\\}\\s+\\[?${escapeRe(param.text())}\\b`).test(doc);
}
