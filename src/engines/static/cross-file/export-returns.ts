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
// Stands for the caller's value while the function is read: a library parameter, so building it is recorded.
const MARK = '\u0000returned-param';

/** The parameters `fn` returns, each checked alone: bound to a caller's value, is that value what comes back? */
function returnedParams(fn: SgNode, keys: readonly string[], path: string, content: string, lines: readonly string[]): ReturnedParam[] {
  const values = returnedValues(fn);
  const params = paramsOf(fn).filter((p) => p.index < MAX_PARAMS);
  if (values.length === 0 || params.length === 0) return [];
  const out: ReturnedParam[] = [];
  for (const index of new Set(params.map((p) => p.index))) {
    beginFile(false, keys.map((key) => ({ export: key, param: index, via: MARK, from: path, line: 1, api: MARK })));
    beginSourceFile(path, content);
    // Read alone: what this module's own imports return is not followed (one module hop per helper).
    beginImports({ path, content, language: 'javascript', isTest: false });
    const carried = values.map((v) => ({ v, f: classify(v) })).filter(({ f }) => f.api === MARK);
    // A guard on the returned value (or what it was made from) inside the function contains it, as at a sink.
    const open = carried.filter(({ v, f }) => {
      const guard = findGuard(v, [...new Set([...params.map((p) => p.name), ...f.names])], lines) ?? normalisedUnderBase(fn, v, lines);
      return !guard || (isDotDotCheck(guard) && !joinsToBase(v));
    });
    if (open.length > 0) out.push(open.some(({ f }) => f.built) ? { param: index, built: true } : { param: index });
  }
  return out;
}

/** The exported functions' returned parameters by import key, with the function's line; a key reached by two functions is left out. */
export function exportReturns(root: SgNode, path: string, content: string): Map<string, { line: number; returns: ReturnedParam[] }> {
  const lines = content.split(/\r?\n/);
  const byKey = new Map<string, { line: number; returns: ReturnedParam[] } | null>();
  let looked = 0;
  for (const fn of root.findAll({ rule: FUNCTION_FIND })) {
    const keys = importKeys(fn);
    if (keys.length === 0) continue;
    if (++looked > MAX_FUNCTIONS) break;
    const returned = returnedParams(fn, keys, path, content, lines);
    for (const key of keys) byKey.set(key, byKey.has(key) ? null : { line: startLine(fn), returns: returned });
  }
  return new Map([...byKey].filter((e): e is [string, { line: number; returns: ReturnedParam[] }] => e[1] !== null && e[1].returns.length > 0));
}
