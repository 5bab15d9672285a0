// What this file's relative imports are, by the module-facts step (SourceFile.imported): the local names bound to
// child_process through another module of the target (`const { exec } = require('./exec')`), and the pattern a
// name imported from another module holds (`const { RE } = require('./patterns')`). Per-file state: the engine
// sets it before the detectors run (beginImports), as it does the taint state.
import type { SgNode } from '@ast-grep/napi';
import { parameterAround } from './ast.ts';
import { moduleBindings, type ModuleBindings } from './modules.ts';
import type { ImportedFact, SourceFile } from './types.ts';

let content = '';
let facts: readonly ImportedFact[] = [];
const bindings = new Map<string, ModuleBindings>();

/** Start a file: its text and the facts about its imports (none when the step gave none). */
export function beginImports(file: SourceFile): void {
  content = file.content;
  facts = file.imported ?? [];
  bindings.clear();
}

/** The local names this file binds to the relative module `specifier`. */
function bindingsOf(specifier: string): ModuleBindings {
  let b = bindings.get(specifier);
  if (!b) bindings.set(specifier, (b = moduleBindings(content, [specifier])));
  return b;
}

const requireTexts = (specifier: string): string[] => [`require('${specifier}')`, `require("${specifier}")`];

/**
 * The names through which this file reaches `module` by way of its relative imports, as moduleBindings gives them
 * for a direct import (a member of an alias, `cp.exec`, is a named binding here), and the specifiers that are the
 * module itself (for `require('./cp').exec`).
 */
export function importedModule(module: string): { bindings: ModuleBindings; specifiers: string[] } {
  const out: ModuleBindings = { aliases: new Set(), named: new Map() };
  const specifiers: string[] = [];
  for (const fact of facts) {
    if (fact.module !== module) continue;
    const b = bindingsOf(fact.specifier);
    const key = fact.export;
    if (key === '' && !fact.member) {
      // The imported module is the sink module: its bindings are the sink module's.
      for (const a of b.aliases) out.aliases.add(a);
      for (const [local, member] of b.named) out.named.set(local, member);
      specifiers.push(fact.specifier);
    } else if (key === '' && fact.member) {
      for (const a of b.aliases) out.named.set(a, fact.member);
      for (const r of requireTexts(fact.specifier)) out.named.set(r, fact.member);
    } else {
      const holders = [...[...b.aliases].map((a) => `${a}.${key}`), ...requireTexts(fact.specifier).map((r) => `${r}.${key}`)];
      const locals = [...b.named].filter(([, k]) => k === key).map(([local]) => local);
      for (const name of [...locals, ...holders]) {
        if (fact.member) out.named.set(name, fact.member);
        else out.aliases.add(name);
      }
    }
  }
  return { bindings: out, specifiers };
}

/** True when the file has a fact naming `module`. */
export const importsModule = (file: SourceFile, module: string): boolean => (file.imported ?? []).some((f) => f.module === module);

/** True when a function around `node` declares `name` as a parameter: the name is not the import there. */

/** The fact among `candidates` that `node` names: an identifier bound to another module's value (`import { RE }`,
 * `const { RE } = require(…)`, a default import), or a member of a name bound to that module (`patterns.RE`,
 * `require('./patterns').RE`). */
function namedFact(node: SgNode, candidates: readonly ImportedFact[]): ImportedFact | null {
  if (candidates.length === 0) return null;
  const find = (specifier: string, key: string) => candidates.find((f) => f.specifier === specifier && f.export === key) ?? null;
  if (node.kind() === 'identifier') {
    const name = node.text();
    if (parameterAround(node, name)) return null;
    for (const specifier of new Set(candidates.map((f) => f.specifier))) {
      const b = bindingsOf(specifier);
      const key = b.named.get(name) ?? (b.aliases.has(name) ? '' : undefined);
      const fact = key === undefined ? null : find(specifier, key);
      if (fact) return fact;
    }
    return null;
  }
  if (node.kind() !== 'member_expression') return null;
  const object = node.field('object');
  const key = node.field('property')?.text() ?? '';
  if (!object) return null;
  const text = object.text();
  if (object.kind() === 'identifier' && parameterAround(object, text)) return null;
  for (const specifier of new Set(candidates.map((f) => f.specifier))) {
    const held = object.kind() === 'identifier' ? bindingsOf(specifier).aliases.has(text) : requireTexts(specifier).includes(text);
    const fact = held ? find(specifier, key) : null;
    if (fact) return fact;
  }
  return null;
}

/**
 * The imported pattern `node` names (namedFact). The caller has found no binding of the name in this file.
 * `called`: `node` is a callee, and the pattern is the one the imported function returns (`ansiRegex()`).
 */
export function importedPattern(node: SgNode, called = false): ImportedFact | null {
  return namedFact(node, facts.filter((f) => f.pattern && Boolean(f.call) === called));
}

/** The parameters whose value the imported function `callee` names returns (`helpers.pathOf(req.url)`), or null. */
export function importedReturns(callee: SgNode): NonNullable<ImportedFact['returns']> | null {
  return namedFact(callee, facts.filter((f) => f.returns))?.returns ?? null;
}

/** The callee names another module's key screen (ImportedFact.screen): `helpers.fieldEscape`, `{ fieldEscape }`. */
export function importedScreen(callee: SgNode): boolean {
  return namedFact(callee, facts.filter((f) => f.screen)) !== null;
}
