// What a module's exported functions hand back of their arguments: for each exported function, the parameters whose
// value (request input, or a library caller's value) comes back in what it returns — as given, or built into a
// larger string — with no guard inside the function containing it. An importer then classifies `helper(req.url)`
// by its argument, as it does a function defined in its own file. Pure over one parsed module; it resets the
// per-file taint state (beginFile): call it between analyses, never inside one.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_FIND, paramsOf, startLine } from '../ast.ts';
import { returnedValues } from '../callees.ts';
import { findGuard, isDotDotCheck, joinsToBase, normalisedUnderBase } from '../guards.ts';
import { beginImports } from '../imported.ts';
import { beginSourceFile } from '../sources/handlers.ts';
import { beginFile, classify } from '../taint.ts';
import { importKeys } from './export-keys.ts';

/** One parameter an exported function returns: its 0-based index, and whether the function builds it into a larger string. */
export interface ReturnedParam {
  param: number;
  built?: boolean;
}

// Parameters looked at per function, and functions per module: helpers take a few values; a module exports tens.
const MAX_PARAMS = 4;
const MAX_FUNCTIONS = 32;
// Stands for a caller's value while the module is read, with the parameter's index after it: a library parameter, so
// building it into a larger string is recorded.
const MARK = '\u0000returned-param:';

/** The parameters `fn` returns, with every exported function's parameters bound to callers' values at once: the
 * parameter a returned value is traced to, and any other it was made from (whose name it went through). */
function returnedParams(fn: SgNode, lines: readonly string[]): ReturnedParam[] {
  const params = paramsOf(fn).filter((p) => p.index < MAX_PARAMS);
  const built = new Map<number, boolean>();
  for (const v of returnedValues(fn)) {
    const f = classify(v);
    if (!f.api?.startsWith(MARK)) continue;
    // A guard on the returned value (or what it was made from) inside the function contains it, as at a sink.
    const guard = findGuard(v, [...new Set([...params.map((p) => p.name), ...f.names])], lines) ?? normalisedUnderBase(fn, v, lines);
    if (guard && (!isDotDotCheck(guard) || joinsToBase(v))) continue;
    const made = [Number(f.api.slice(MARK.length)), ...params.filter((p) => f.names.includes(p.name)).map((p) => p.index)];
    for (const i of made) built.set(i, (built.get(i) ?? false) || Boolean(f.built));
  }
  return [...built].sort(([a], [b]) => a - b).map(([param, b]) => (b ? { param, built: true } : { param }));
}

/** The exported functions' returned parameters by import key, with the function's line; a key reached by two functions is left out. */
export function exportReturns(root: SgNode, path: string, content: string): Map<string, { line: number; returns: ReturnedParam[] }> {
  const exported = root.findAll({ rule: FUNCTION_FIND })
    // A class's method is reached through an instance or the class, never by an import key: not asked (exportedApi
    // looks for an exported subclass of the class, a walk of the whole tree per method).
    .filter((fn) => (fn.kind() !== 'method_definition' || fn.parent()?.kind() === 'object') && paramsOf(fn).length > 0 && returnedValues(fn).length > 0)
    .map((fn) => ({ fn, keys: importKeys(fn) }))
    .filter(({ keys }) => keys.length > 0)
    .slice(0, MAX_FUNCTIONS);
  if (exported.length === 0) return new Map();
  const incoming = exported.flatMap(({ fn, keys }) => [...new Set(paramsOf(fn).map((p) => p.index))].filter((i) => i < MAX_PARAMS)
    .flatMap((param) => keys.map((key) => ({ export: key, param, via: 'a caller\'s value', from: path, line: 1, api: `${MARK}${param}` }))));
  beginFile(false, incoming);
  beginSourceFile(path, content);
  // Read alone: what this module's own imports return is not followed (one module hop per helper).
  beginImports({ path, content, language: 'javascript', isTest: false });
  const lines = content.split(/\r?\n/);
  const byKey = new Map<string, { line: number; returns: ReturnedParam[] } | null>();
  for (const { fn, keys } of exported) {
    const returns = returnedParams(fn, lines);
    for (const key of keys) byKey.set(key, byKey.has(key) ? null : { line: startLine(fn), returns });
  }
  return new Map([...byKey].filter((e): e is [string, { line: number; returns: ReturnedParam[] }] => e[1] !== null && e[1].returns.length > 0));
}
