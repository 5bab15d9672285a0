// Text a library matches that its caller did not write: what a database or driver returned, or one entry of a table
// of definitions the application hands over whole. Read by following the matched text back to where it was made
// (origins): along its receiver chain (configuration.ts receiver), through the name it was last bound to, from a
// match group (`m[1]` of `m = x.match(…)`) or an element a callback is handed (`list.map((s) => …)`) to the text it
// was cut from, and from a parameter of a function of this file to what the file's own calls hand it
// (`this.parseConstraints(results[0].sql)`), as long as the file calls it at all. An origin that is
//  - a row of a result set (`results[0].sql`, `resp.rows[0].version`, `row.definition` of `rows`) or a property of a
//    driver's connection (`connection.serverVersion`) is what the database wrote: schema SQL, a server version;
//  - a field of the instance read in a constructor that takes only configuration (`constructor(config)` reading
//    `this.version` its base class stored from it) is the developer's setting;
//  - an entry of a map read at the key the library walks it by (`for (k in attributes) attributes[k]`) is one
//    definition of a table the application writes (model attributes, column types, named settings).
// Every origin must be one of these; one from anywhere else (the caller's own string) keeps the finding.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, escapeRe, functionName, paramsOf } from '../../ast.ts';
import { calleeDefinition, sameNode } from '../../callees.ts';
import { boundValues, iteratedList } from '../../taint.ts';
import { configurationName, receiver } from './configuration.ts';

export type DeveloperData = 'database' | 'configuration' | 'definitions';

const MAX_DEPTH = 10;
// Origins followed at most: beyond, the value is taken for the caller's.
const MAX_ORIGINS = 8;
// Calls of an in-file function looked at for what they hand it.
const MAX_CALLS = 8;
const MATCHING = /^(match|exec)$/;
// A result set and its rows, by the names drivers and ORMs give them.
const RESULT_SET = /^(rows|results?|records?|recordset|resultSet|resp|response)$/;
const ROW = /^(row|record)$/;
const CONNECTION = /^(connection|conn|dbConnection|db)$/;

/** Where the text of `node` was made, followed back through bindings, cuts and in-file calls; null when unknown. */
function origins(node: SgNode, depth: number, out: SgNode[]): boolean {
  if (depth > MAX_DEPTH || out.length >= MAX_ORIGINS) return false;
  const start = receiver(node);
  const kind = start.kind();
  if (kind === 'subscript_expression') {
    // `m[1]` of `m = x.match(re)` or `re.exec(x)`: a piece of x.
    const object = start.field('object');
    const matched = object?.kind() === 'identifier' ? matchedBy(object) : null;
    if (matched) return origins(matched, depth + 1, out);
  }
  if (kind !== 'identifier') {
    out.push(start);
    return true;
  }
  const bound = boundValues(start)?.at(-1);
  if (bound) return origins(bound, depth + 1, out);
  return parameterOrigins(start, depth, out);
}

/** x of `name = x.match(…)` or `name = re.exec(x)`, the name's last binding. */
function matchedBy(name: SgNode): SgNode | null {
  const bound = boundValues(name)?.at(-1);
  if (bound?.kind() !== 'call_expression') return null;
  const callee = bound.field('function');
  const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : '';
  if (!MATCHING.test(method)) return null;
  return method === 'match' ? callee?.field('object') ?? null : argsOf(bound)[0] ?? null;
}

/** A parameter: the list an element callback walks, or what this file's calls hand the function. */
function parameterOrigins(id: SgNode, depth: number, out: SgNode[]): boolean {
  const name = id.text();
  const fn = enclosingFunctions(id).find((f) => paramsOf(f).some((p) => p.name === name));
  const param = fn ? paramsOf(fn).find((p) => p.name === name) : undefined;
  if (!fn || !param || param.node.kind() !== 'identifier') return false;
  // `list.map((s) => …)`: s is an element of list, a piece of its text.
  const list = iteratedList(fn, param.index);
  if (list) return origins(list, depth + 1, out);
  const short = functionName(fn).replace(/^.*\./, '');
  if (!/^[\w$]+$/.test(short)) return false;
  const calls = fn.getRoot().root().findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `(^|\\.)${escapeRe(short)}$` } } })
    .filter((c) => !enclosingFunctions(c).some((f) => sameNode(f, fn)))
    .filter((c) => { const def = calleeDefinition(c); return def !== null && sameNode(def, fn); })
    .slice(0, MAX_CALLS);
  // A function the file never calls is called by the library's caller: its parameter is theirs.
  if (calls.length === 0) return false;
  return calls.every((c) => {
    const arg = argsOf(c)[param.index];
    return arg !== undefined && origins(arg, depth + 2, out);
  });
}

/** What wrote one origin, or null for anyone else (the caller). */
function writer(origin: SgNode): DeveloperData | null {
  const text = origin.text();
  if (origin.kind() === 'subscript_expression' && definitionsEntry(origin)) return 'definitions';
  if (origin.kind() !== 'member_expression' && origin.kind() !== 'subscript_expression') return null;
  if (constructorSetting(origin)) return 'configuration';
  // The chain's base: `results` of `results[0].sql`, `resp` of `resp.rows[0].version`.
  let base: SgNode | null = origin;
  const path: string[] = [];
  while (base && (base.kind() === 'member_expression' || base.kind() === 'subscript_expression')) {
    if (base.kind() === 'member_expression') path.unshift(base.field('property')?.text() ?? '');
    else path.unshift('[]');
    base = base.field('object');
  }
  if (base?.kind() !== 'identifier') return null;
  const names = [base.text(), ...path];
  // A row read from a result set by index (`results[0].sql`, `resp.rows[0].version`), or a row itself.
  const rowAt = names.findIndex((n, i) => RESULT_SET.test(n) && names[i + 1] === '[]');
  if (rowAt >= 0 && rowAt + 2 < names.length) return 'database';
  if (ROW.test(base.text()) && path.length > 0) return 'database';
  // A property of the driver's connection (its server version), not a setting the caller passes through it.
  if (CONNECTION.test(base.text()) && path.length === 1 && /version|server/i.test(path[0] ?? '') && !text.includes('(')) return 'database';
  return null;
}

/** `this.x` read in a constructor whose parameters all name configuration (`constructor(config)`). */
function constructorSetting(origin: SgNode): boolean {
  if (origin.kind() !== 'member_expression' || origin.field('object')?.kind() !== 'this') return false;
  const fn = enclosingFunctions(origin).find((f) => f.kind() !== 'arrow_function');
  const isConstructor = fn?.kind() === 'method_definition' && fn.field('name')?.text() === 'constructor';
  const params = fn ? paramsOf(fn) : [];
  return isConstructor && params.length > 0 && params.every((p) => configurationName(p.name));
}

/** `attributes[attr]` where attr walks attributes' keys (`for (const attr in attributes)`, `Object.keys(m).forEach`). */
function definitionsEntry(entry: SgNode): boolean {
  const map = entry.field('object');
  const key = entry.field('index');
  if (!map || key?.kind() !== 'identifier') return false;
  for (let up = entry.parent(); up; up = up.parent()) {
    if (up.kind() === 'for_in_statement') {
      const left = up.field('left');
      const right = up.field('right');
      // for…in walks keys; for…of over Object.keys(map) too.
      const keys = up.children().some((c) => c.text() === 'in') ? right?.text() === map.text() : right?.text() === `Object.keys(${map.text()})`;
      if (left?.text() === key.text() && keys) return true;
    }
    const callee = up.kind() === 'call_expression' ? up.field('function') : null;
    if (callee?.kind() === 'member_expression' && callee.field('object')?.text() === `Object.keys(${map.text()})` && /^(forEach|map|filter|reduce|some|every)$/.test(callee.field('property')?.text() ?? '')) {
      const cb = argsOf(up).at(0);
      const params = cb ? paramsOf(cb) : [];
      if (params[0]?.name === key.text()) return true;
    }
  }
  return false;
}

/** Who wrote the text `subject` matches when not the library's caller, every origin considered: 'definitions' when
 * any is an entry of a walked table (only a quadratic verdict is dropped for it), else 'configuration' or 'database';
 * null when any origin may be the caller's. */
export function developerData(subject: SgNode): DeveloperData | null {
  const found: SgNode[] = [];
  if (!origins(subject, 0, found) || found.length === 0) return null;
  const writers = found.map(writer);
  if (writers.some((w) => w === null)) return null;
  if (writers.includes('definitions')) return 'definitions';
  return writers.includes('configuration') ? 'configuration' : 'database';
}
