// The import keys under which another module reaches a function this module defines: the member name
// (`exports.run = fn`, `module.exports = { run }`, `export function run`) or '' for the module's own value
// (`module.exports = fn`, `export default fn`). Only what exports.ts already calls exported counts.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe } from '../ast.ts';
import { EXPORTS_OBJECT } from '../export-wrappers.ts';
import { exportedApi } from '../exports.ts';
import type { IncomingArg } from '../types.ts';


/** The keys an importer calls `fn` by; empty when the module does not export it (or exports it as a method of a class). */
export function importKeys(fn: SgNode): string[] {
  const api = exportedApi(fn);
  if (api === null) return [];
  const keys = new Set<string>();
  // module.exports = exports = fn
  for (let p = fn.parent(); p?.kind() === 'assignment_expression' && EXPORTS_OBJECT.test(p.field('left')?.text() ?? ''); p = p.parent()) keys.add('');
  const parent = fn.parent();
  if (parent?.kind() === 'export_statement' && /^export\s+default\b/.test(parent.text())) keys.add('').add('default');
  const holder = parent?.kind() === 'variable_declarator' ? parent.field('name')?.text() : fn.field('name')?.text();
  // function run() {} … module.exports = run
  if (holder && exportedWhole(fn, holder)) keys.add('');
  // var streamResponse = function … module.exports = { handleGet: streamResponse } (or exports.handleGet = streamResponse)
  if (holder) for (const key of renamedKeys(fn.getRoot().root().text(), holder)) keys.add(key);
  // const utils = { exec(cmd) {…} } … module.exports = utils: the object is the module, its entries are its keys.
  const table = objectHolder(fn);
  if (table && exportedWhole(fn, table.holder)) keys.add(table.key);
  // A method name (`Git.log`, `Ctor.prototype.m`) is reached through an object, not called by its import key.
  if (keys.size === 0 && !api.includes('.')) keys.add(api);
  return [...keys];
}

/** True when the module of `fn` is the value of `name` (`module.exports = name`). */
function exportedWhole(fn: SgNode, name: string): boolean {
  return new RegExp(String.raw`(?:^|[^.\w$])module\.exports\s*=\s*${escapeRe(name)}\s*(?:;|$)`, 'm').test(fn.getRoot().root().text());
}

/** The variable an object literal holding `fn` is bound to, and fn's key in it (`const utils = { exec(cmd) {…} }`). */
function objectHolder(fn: SgNode): { holder: string; key: string } | null {
  const pair = fn.kind() === 'method_definition' ? fn : fn.parent()?.kind() === 'pair' ? fn.parent() : null;
  const object = pair?.parent();
  const declarator = object?.kind() === 'object' ? object.parent() : null;
  const holder = declarator?.kind() === 'variable_declarator' ? declarator.field('name')?.text() : undefined;
  const key = pair?.field(pair.kind() === 'pair' ? 'key' : 'name')?.text();
  return holder && key && /^[\w$]+$/.test(key) ? { holder, key } : null;
}

/** The keys an export object or assignment gives the module-level name `holder` under another name. */
function renamedKeys(text: string, holder: string): string[] {
  const name = escapeRe(holder);
  const assigned = [...text.matchAll(new RegExp(String.raw`(?:^|[^.\w$])(?:module\.)?exports\.([\w$]+)\s*=\s*${name}\s*(?:;|$)`, 'gm'))].map((m) => m[1] ?? '');
  const object = /(?:^|[^.\w$])module\.exports\s*=\s*\{([^{}]*)\}/m.exec(text)?.[1] ?? '';
  const paired = [...object.matchAll(new RegExp(String.raw`(?:^|,)\s*['"]?([\w$]+)['"]?\s*:\s*${name}\s*(?=,|$)`, 'g'))].map((m) => m[1] ?? '');
  return [...assigned, ...paired].filter((k) => k !== '' && k !== holder);
}

/** The incoming argument bound to parameter `index` of `fn` (request input before a library's API parameter), or null. */
export function incomingArgFor(fn: SgNode, index: number, incoming: readonly IncomingArg[]): IncomingArg | null {
  const atIndex = incoming.filter((a) => a.param === index);
  if (atIndex.length === 0) return null;
  const keys = importKeys(fn);
  const passed = atIndex.filter((a) => keys.includes(a.export));
  return passed.find((a) => !a.api) ?? passed.find((a) => a.built) ?? passed[0] ?? null;
}
