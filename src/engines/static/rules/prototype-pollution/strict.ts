// Prototype pollution, strict code: a write of a property onto a primitive (`'s'.constructor = {}`) throws there
// instead of being ignored, so a walk that creates each level unless the node holds it as its own key cannot be led
// from a string leaf through `constructor` to String (guard.ts).
import type { SgNode } from '@ast-grep/napi';
import { fileMemo } from './scope.ts';

const DIRECTIVE = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*['"]use strict['"]/;

/** The code of `fn` runs in strict mode: inside a class, a function whose body or file opens with the directive, or
 *  an ES module (a file with an import or export statement). */
export function strictCode(fn: SgNode): boolean {
  for (let a: SgNode | null = fn; a; a = a.parent()) {
    const k = a.kind();
    if (k === 'class_body') return true;
    if (k === 'statement_block' && /function|method|arrow/.test(String(a.parent()?.kind() ?? '')) && DIRECTIVE.test(a.text().slice(1))) return true;
  }
  return fileMemo(fn, 'strict', () => {
    const program = fn.getRoot().root();
    if (DIRECTIVE.test(program.text())) return true;
    return program.children().some((c) => c.kind() === 'import_statement' || c.kind() === 'export_statement');
  });
}
