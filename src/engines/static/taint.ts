// Source-to-sink reasoning: classifies where a value reaching a sink comes from (request input, a
// parameter, configuration, a literal, a sanitiser) inside its function and across direct calls in the file.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, escapeRe, functionName, paramsOf, boundNames, startLine } from './ast.ts';
import { calleeDefinition, resetCallees, returnedValues, sameNode, thisAliases } from './callees.ts';
import { constructorFieldValues, methodFieldValues } from './this-fields.ts';
import { quotesWithoutEscaping, singleQuoteEscaper } from './quote-wrappers.ts';
import { accessedInput, parsedInput } from './sources/calls.ts';
import { frameworkParam, isRequestHandler } from './sources/handlers.ts';
import { INPUT_CALL, INPUT_PATH as INPUT } from './sources/model.ts';
import { exportedApi } from './exports.ts';
import { findGuard, isDotDotCheck, joinsToBase, normalisedUnderBase } from './guards.ts';
import { importedReturns } from './imported.ts';
import { dispatchedCalls } from './dispatch-calls.ts';
import { validatedBefore } from './validators.ts';
import { assignedIn, propertyValues } from './properties.ts';
import { incomingArgFor } from './cross-file/export-keys.ts';
import { callsByCallee } from './name-index.ts';
import { WORD } from './rule-emulation.ts';
import type { FlowStep, IncomingArg, SourceFacts, SourceKind } from './types.ts';

const RANK: Record<SourceKind, number> = { input: 5, param: 4, unknown: 3, config: 2, sanitised: 1, literal: 0 };

const CONFIG = /^(?:process\.env\b|process\.argv\s*\[\s*[01]\s*\]|process\.exec(?:Path|Argv)\b|import\.meta\.(?:url|dirname|filename|env)\b|(?:__dirname|__filename)$)/;
const SANITISERS = /^(path\.(posix\.|win32\.)?basename|basename|parseInt|parseFloat|Number|Boolean|Math\.\w+|Number\.parse(Int|Float)|encodeURIComponent|encodeURI|escape\w*|\w*\.escape\w*|shellescape|shellEscape|quote|shellQuote\.quote|shq|sqlstring\.escape|format\.literal|pgFormat|validator\.\w+|uuid\w*|crypto\.\w+|Date\.now|isNaN|Array\.isArray|typeof)$/;
const PATH_JOIN = /^(path\.(posix\.|win32\.)?(join|resolve|normalize)|join|resolve|normalize|util\.format|format|util\.inspect|inspect|String|decodeURIComponent|decodeURI|unescape|Buffer\.from)$/;
// encodeurl's encodeUrl only percent-encodes characters a URL may not hold: the URL still says what the input said.
const URL_PARSE = /^(url\.(parse|format|resolve)|parseurl(\.original)?|parseUrl(\.original)?|querystring\.(parse|unescape)|qs\.parse|encodeUrl|encodeurl)$/;
// Parsers, tree rewriters and code generators turn code into a syntax tree and back: the tree, and the code generated
// from it, still say what the code they were given said (the first argument; the rest are options and visitors).
const CODE_TREE = /^(acorn\.parse(ExpressionAt)?|esprima\.parse(Script|Module)?|espree\.parse|(babelParser|babel)\.parse(Expression)?|escodegen\.generate|astring\.generate|estraverse\.replace|recast\.(parse|print))$/;
// The request a response or stream object keeps (express's res.req, send's and Koa's this.req / this.request).
const THIS_REQUEST = /^this\.(req|request)$/;
const PASSTHROUGH = /^(trim\w*|to(Lower|Upper)Case|toLocale\w*|slice|substring|substr|charAt|concat|join|toString|split|normalize|pad\w*|repeat|at|pop|shift|valueOf|replace|replaceAll)$/;
const FUNCTION_NODE = new Set(['arrow_function', 'function_expression', 'function']);
const ITERATORS = /^(forEach|map|filter|some|every|find|findIndex|flatMap|reduce|reduceRight)$/;
const LITERAL_KINDS = new Set(['string', 'number', 'true', 'false', 'null', 'undefined', 'regex', 'template_string', 'binary_expression', 'unary_expression']);

const MAX_DEPTH = 10;
// Upload fields the server sets (multer's path/filename/destination, express-fileupload's tempFilePath).
const UPLOAD_STORED = new Set(['path', 'filename', 'destination', 'tempFilePath', 'size']);

export function facts(kind: SourceKind, via: string, names: string[] = [], sourceLine?: number): SourceFacts {
  if (!sourceLine) return { kind, via, names };
  return kind === 'input' ? { kind, via, names, sourceLine, steps: [{ line: sourceLine, note: `source: ${via}` }] } : { kind, via, names, sourceLine };
}

// Steps kept per value: the source and the hops nearest the sink (a longer chain keeps both ends).
const MAX_STEPS = 12;

/** A tainted value went through `node` (a binding, a call, a return) on its way to the sink: one more step of its
 * path. Other values carry no path. A step on the line of the one before adds nothing a reader does not see there. */
export function through(f: SourceFacts, node: SgNode, note: string): SourceFacts {
  if (f.kind !== 'input' && !f.api) return f;
  const step: FlowStep = { line: startLine(node), note };
  const prev = f.steps ?? [];
  const last = prev.at(-1);
  if (last && last.line === step.line && last.file === undefined) return f;
  const steps = [...prev, step];
  return { ...f, steps: steps.length > MAX_STEPS ? [steps[0] as FlowStep, ...steps.slice(-(MAX_STEPS - 1))] : steps };
}

/** The strongest origin wins: one tainted part makes the whole value tainted. */
export function combine(parts: SourceFacts[], fallbackVia = 'a literal'): SourceFacts {
  if (parts.length === 0) return facts('literal', fallbackVia);
  let best = parts[0] as SourceFacts;
  // Equal rank: a library API parameter names its origin better than an anonymous one, and one the library builds
  // into a larger string on some path (`execCmd = cond ? command : parts.join(' ')`) is built.
  for (const p of parts) if (RANK[p.kind] > RANK[best.kind] || (RANK[p.kind] === RANK[best.kind] && p.api && (!best.api || (p.built && !best.built)))) best = p;
  const names = [...new Set(parts.flatMap((p) => p.names))];
  return { ...best, names };
}

// Per-file memo and step budget: cross-call tracing can fan out, and one file must never take seconds.
const STEP_BUDGET = 1500;
let memo = new Map<string, SourceFacts>();
let steps = 0;
// Whether the file is a library's code: its exported functions' parameters come from the library's callers.
let library = false;
// Request input other modules of the target pass to this file's exported functions (the cross-file pass).
let incoming: readonly IncomingArg[] = [];

/** Reset the memo and budget; the engine calls this before each file so results never leak across files. */
export function beginFile(publicApi = false, passedIn: readonly IncomingArg[] = []): void {
  memo = new Map();
  steps = 0;
  library = publicApi;
  incoming = passedIn;
  bindings = null;
  frames = [];
  lines = null;
  resetCallees();
}

export function classify(expr: SgNode, depth = 0): SourceFacts {
  if (depth > MAX_DEPTH) return { ...facts('unknown', 'a value traced too deep'), cut: `depth ${MAX_DEPTH}` };
  const r = expr.range();
  // A value classified near the depth limit may be cut short: it is kept apart from the same value traced shallowly.
  const key = `${r.start.index}:${r.end.index}:${expr.kind()}${depth > MAX_DEPTH - 4 ? '~' : ''}${frames.length > 0 ? `@${frames.map((f) => f.at).join(',')}` : ''}`;
  const hit = memo.get(key);
  if (hit) return hit;
  if (++steps > STEP_BUDGET) return { ...facts('unknown', 'a value not traced (analysis budget spent)'), cut: `${STEP_BUDGET} steps per file` };
  const result = classifyUncached(expr, depth);
  memo.set(key, result);
  return result;
}

function classifyUncached(expr: SgNode, depth: number): SourceFacts {
  const k = String(expr.kind());
  const text = expr.text();
  switch (k) {
    case 'string': case 'number': case 'true': case 'false': case 'null': case 'undefined': case 'regex':
      return facts('literal', 'a literal');
    case 'template_string':
      return built(combine(expr.findAll({ rule: { kind: 'template_substitution' } }).map((s) => classifyChildren(s, depth)), 'a literal template'));
    case 'parenthesized_expression': case 'await_expression': case 'as_expression': case 'non_null_expression':
    case 'satisfies_expression': case 'spread_element': case 'type_assertion':
      return classifyChildren(expr, depth);
    case 'binary_expression': {
      const op = expr.field('operator')?.text() ?? expr.children()[1]?.text();
      if (op === '||' || op === '??') return combine([expr.field('left'), expr.field('right')].filter(isNode).map((n) => classify(n, depth + 1)));
      // `n !== 0 && String(s)` is its right side whenever the left holds (a falsy left is no caller's text).
      const right = expr.field('right');
      if (op === '&&' && right) return classify(right, depth + 1);
      // A + chain is flattened so a long concatenation costs one level of depth, not one per operand.
      if (op === '+') return built(combine(plusLeaves(expr).map((n) => classify(n, depth + 1))));
      return facts('sanitised', 'a computed comparison or number');
    }
    case 'ternary_expression':
      return combine([expr.field('consequence'), expr.field('alternative')].filter(isNode).map((n) => classify(n, depth + 1)));
    case 'array':
      return combine(expr.namedChildren().map((n) => classify(n, depth + 1)), 'an array of literals');
    case 'object': {
      // `{ src, dst }` holds the bindings its shorthand properties name, as `{ src: src }` would.
      const values = expr.findAll({ rule: { any: [{ kind: 'pair' }, { kind: 'shorthand_property_identifier' }] } }).map((p) => (p.kind() === 'pair' ? p.field('value') : p)).filter(isNode);
      // `{ ...DEFAULTS, ...options }` holds every property of what it spreads, the caller's options included.
      values.push(...expr.findAll({ rule: { kind: 'spread_element' } }));
      return combine(values.map((n) => (n.kind() === 'shorthand_property_identifier' ? classifyIdentifier(n, depth + 1) : classify(n, depth + 1))), 'an object of literals');
    }
    case 'member_expression': case 'subscript_expression':
      return classifyMember(expr, text, depth);
    case 'identifier':
      return classifyIdentifier(expr, depth);
    case 'call_expression':
      return classifyCall(expr, depth);
    case 'unary_expression': case 'update_expression':
      return facts('sanitised', 'a computed number or boolean');
    case 'augmented_assignment_expression': {
      // `cmd += ' ' + x` (a binding site findDeclaration hands back): the appended part, built onto what came before.
      const right = expr.field('right');
      return expr.field('operator')?.text() === '+=' && right ? built(classify(right, depth)) : facts('sanitised', 'a computed number');
    }
    case 'new_expression':
      return parsedInput(expr, (n) => classify(n, depth + 1)) ?? facts('unknown', `\`${short(text)}\``);
    default:
      return LITERAL_KINDS.has(k) ? facts('literal', 'a literal') : facts('unknown', `\`${short(text)}\``);
  }
}

function plusLeaves(expr: SgNode): SgNode[] {
  const out: SgNode[] = [];
  const stack: SgNode[] = [expr];
  while (stack.length > 0 && out.length < 64) {
    const n = stack.pop() as SgNode;
    const op = n.kind() === 'binary_expression' ? n.field('operator')?.text() : undefined;
    if (op === '+') stack.push(...[n.field('right'), n.field('left')].filter(isNode));
    else out.push(n);
  }
  return out;
}

function classifyChildren(node: SgNode, depth: number): SourceFacts {
  return combine(node.namedChildren().filter((c) => c.kind() !== 'comment' && !String(c.kind()).startsWith('type')).map((c) => classify(c, depth + 1)));
}

function classifyMember(expr: SgNode, text: string, depth: number): SourceFacts {
  // Configuration first: process.argv[0] and [1] are the node binary and script, not user input.
  if (CONFIG.test(text)) return facts('config', short(text));
  const prop = expr.field('property')?.text();
  // Where an upload middleware (multer, express-fileupload) stored the file is the server's choice, not the client's.
  if (prop && UPLOAD_STORED.has(prop) && /^(req|request)\.files?\b/.test(text)) return facts('config', `${short(text)} (a path the upload middleware chose)`);
  if (INPUT.test(text)) return facts('input', short(text), [], startLine(expr));
  if (THIS_REQUEST.test(text)) return facts('input', `the request object \`${text}\``, [], startLine(expr));
  if (prop === 'length') return facts('sanitised', 'a length');
  const object = expr.field('object');
  if (!object) return facts('unknown', short(text));
  const passed = library && object.kind() === 'identifier' && object.text() === 'arguments' ? argumentsItem(expr) : null;
  if (passed) return passed;
  // A field the constructor set from its arguments (this.path = path) carries what was passed to `new Ctor(…)`; one
  // another method sets (a setter's this.input = s) what that method was handed.
  const stored = object.kind() === 'this' ? [...constructorFieldValues(expr), ...methodFieldValues(expr)] : [];
  if (stored.length > 0) return combine(stored.map((v) => through(classify(v, depth + 1), v, `${short(text)} = ${short(v.text())}`)));
  if (prop && object.kind() === 'identifier' && expr.kind() === 'member_expression') {
    const held = propertyValues(object, prop, expr, bindingValue(object));
    if (held) return withName(combine(held.map((v) => through(classify(v, depth + 1), v, `${short(text)} = ${short(v.text())}`))), text);
  }
  // `config._i` in a helper the file calls as `configFromInput(c)` after `c._i = input`: the field the callers set.
  const field = prop && object.kind() === 'identifier' && expr.kind() === 'member_expression' ? fieldFromCallers(object, prop, depth) : null;
  if (field) return withName(field, text);
  // The object is a child node: descending into it costs no depth (depth bounds jumps to declarations and callers).
  const base = classify(object, depth);
  if (prop && UPLOAD_STORED.has(prop) && base.kind === 'input' && /^(req|request)\.files?\b/.test(base.via)) return facts('config', `${short(text)} (a path the upload middleware chose)`);
  // A property this file sets on the request object (req.page = …) holds what the application put there, which is
  // client input only when that value is (req.sturl = url.parse(req.url).pathname); anywhere in the file, since a
  // request travels between functions.
  const setHere = base.kind === 'input' && prop && object.kind() === 'identifier' && base.via.startsWith('the request object') ? assignedIn(rootOf(expr), text).slice(0, 4) : [];
  if (setHere.length > 0) {
    const held = combine(setHere.map((v) => classify(v, depth + 1)));
    if (held.kind === 'input') return { ...held, via: `${short(text)} = ${held.via}` };
    return facts('unknown', `${short(text)} (set on the request by this file)`, [text]);
  }
  // A property of a request-derived object is still request input (const body = req.body; body.cmd).
  return base.kind === 'input' ? { ...base, via: `${base.via} → ${short(text)}` } : base;
}


/**
 * `param.prop` in a function the file calls itself and does not export: what its callers set that property of the
 * object they pass to (`c._i = input; configFromInput(c)`), through callers that hand their own parameter on
 * (`configFromInput(config) { configFromString(config) }`). Only an answer that carries input or an API parameter;
 * null otherwise (the ordinary reading of the object goes on).
 */
function fieldFromCallers(object: SgNode, prop: string, depth: number): SourceFacts | null {
  if (depth >= MAX_DEPTH) return null;
  const fn = enclosingFunctions(object).find((f) => paramsOf(f).some((p) => p.name === object.text() && p.node.kind() === 'identifier'));
  if (!fn || (library && exportedApi(fn))) return null;
  const index = paramsOf(fn).find((p) => p.name === object.text())?.index ?? -1;
  const found: SourceFacts[] = [];
  for (const call of callersOf(fn).slice(0, MAX_CALLBACK_CALLS)) {
    const arg = argumentAt(call, index);
    if (!arg || arg.kind() !== 'identifier') continue;
    const held = propertyValues(arg, prop, call, bindingValue(arg));
    const value = held ? combine(held.map((v) => through(classify(v, depth + 1), v, `${short(arg.text())}.${prop} = ${short(v.text())}`))) : fieldFromCallers(arg, prop, depth + 1);
    if (value && (value.kind === 'input' || value.api)) found.push(through(value, call, `passed to ${functionName(fn)}() as \`${object.text()}\``));
  }
  return found.length > 0 ? combine(found) : null;
}

function classifyCall(expr: SgNode, depth: number): SourceFacts {
  const callee = expr.field('function');
  const name = callee?.text() ?? '';
  const args = argsOf(expr);
  if (INPUT_CALL.test(name)) return facts('input', short(expr.text()), [], startLine(expr));
  const accessed = accessedInput(expr, (n) => classify(n, depth + 1));
  if (accessed) return accessed;
  if ((SANITISERS.test(name) && !quotesWithoutEscaping(expr)) || singleQuoteEscaper(expr)) return facts('sanitised', `${name}(…)`);
  if ((OBJECT_PARTS.test(name) || ARRAY_COPY.test(name)) && args[0]) return classify(args[0], depth + 1);
  // `settings = defaults({}, settings, DEFAULTS)`, `Object.assign({}, opts)`: the merged object holds every argument's properties.
  if (MERGES.test(name)) return combine(args.map((a) => classify(a, depth + 1)), 'merged literals');
  if (name === 'require' || /^(os\.tmpdir|os\.homedir|process\.cwd|fileURLToPath)$/.test(name)) return facts('config', `${name}(…)`);
  // URL parsers and formatters keep the origin of what they parse (url.parse(req.url).pathname is still input).
  if (URL_PARSE.test(name) || CODE_TREE.test(name)) return combine(args.slice(0, 1).map((a) => classify(a, depth + 1)));
  if (PATH_JOIN.test(name)) {
    const joined = combine(args.map((a) => classify(a, depth + 1)));
    return name.endsWith('format') ? built(joined) : joined;
  }
  if (callee?.kind() === 'member_expression') {
    const method = callee.field('property')?.text() ?? '';
    const object = callee.field('object');
    if (method === 'replace' || method === 'replaceAll') {
      // x.replace(/[^a-z0-9]/g, '') strips everything outside an allow-list.
      const [pattern, replacement] = args;
      if (pattern?.kind() === 'regex' && pattern.text().startsWith('/[^') && /^(''|""|``)$/.test(replacement?.text() ?? '')) return facts('sanitised', `${short(expr.text())}`);
    }
    const collected = object ? collectionResult(method, object, args, depth) : null;
    if (collected) return collected;
    const pieces = object ? matchedPieces(method, object, args[0], depth) : null;
    if (pieces) return pieces;
    if (PASSTHROUGH.test(method) && object) {
      // The receiver is a sub-expression, so a long chain (`md.replace(…).replace(…)` twenty times) costs no depth.
      const passed = combine([classify(object, depth), ...(method === 'concat' ? args : []).map((a) => classify(a, depth + 1))]);
      // 'run X'.replace('X', value) builds a string from its replacement too (a replacer function is not followed).
      const replacement = /^replace(All)?$/.test(method) && args[1] && !FUNCTION_NODE.has(String(args[1].kind())) ? classify(args[1], depth + 1) : null;
      if (replacement && (replacement.kind === 'input' || replacement.api)) return built(combine([passed, replacement]));
      // [...].join(' ') and concat build one string from several parts.
      return method === 'concat' || method === 'join' ? built(passed) : passed;
    }
  }
  // A function defined in this file: what it returns for these arguments (its parameters bound to them).
  if (!/quote|escape|saniti[sz]|clean|safe|valid/i.test(name) || quotesWithoutEscaping(expr)) {
    const returned = callReturns(expr, depth);
    if (returned && returned.kind !== 'unknown' && returned.kind !== 'param') return returned;
    // A bound stopped the trace inside the callee: say so rather than guess from the arguments.
    if (returned?.api || returned?.cut) return returned;
    // A function another module of the target exports that returns what it was given (the module-facts step).
    const carried = callee ? importedReturns(callee) : null;
    const parts = (carried ?? []).flatMap(({ param, built: b }) => (args[param] ? [b ? built(classify(args[param], depth + 1)) : classify(args[param], depth + 1)] : []));
    const handed = combine(parts);
    if (parts.length > 0 && (handed.kind === 'input' || handed.api)) return through({ ...handed, via: `${handed.via}, returned by ${short(name)}()` }, expr, `returned by ${short(name)}()`);
  }
  const fromArgs = combine(args.map((a) => classify(a, depth + 1)));
  if (fromArgs.kind === 'input') return { ...fromArgs, kind: 'unknown', via: `the result of ${short(name)}(${fromArgs.via})` };
  return facts('unknown', `the result of ${short(name)}(…)`);
}

// A quantified wildcard: any character (`.*`, `.+`, `.{2,}`), a negated class or a negated escape (`[^;]+`, `\S*`).
const ANY_TEXT = /(?:(?<!\\)\.|\[\^(?:\\.|[^\]])*\]|\\[SWD])(?:[*+]|\{\d*,\})/;

/**
 * `s.match(/x=(.*)/)`, `/x=(.*)/.exec(s)`: the matched pieces are cut from s, and a pattern that lets any character
 * through keeps them the caller's text (`m[1]`). One that admits only a class of characters (`/^(\d+)$/`) is an
 * allow-list: its pieces are sanitised. Null for other calls, or a pattern not written here.
 */
function matchedPieces(method: string, object: SgNode, first: SgNode | undefined, depth: number): SourceFacts | null {
  if (method !== 'match' && method !== 'exec') return null;
  const [pattern, subject] = method === 'match' ? [first, object] : [object, first];
  const literal = pattern?.kind() === 'identifier' ? bindingValue(pattern) : pattern;
  if (!subject || literal?.kind() !== 'regex') return null;
  const source = literal.field('pattern')?.text() ?? '';
  if (!ANY_TEXT.test(source)) return facts('sanitised', `what ${short(literal.text())} matched`);
  return through(classify(subject, depth + 1), literal, `matched by ${short(literal.text())}`);
}

// Array methods whose result holds the receiver's elements, and those whose result is what their callback returns.
const KEEPS_ELEMENTS = /^(filter|sort|reverse|flat|find|findLast|toSorted|toReversed)$/;
const CALLBACK_RESULT = /^(map|flatMap|reduce|reduceRight)$/;
// Object merges by their usual names (Object.assign, lodash/underscore's defaults and extend, deepmerge).
const MERGES = /^(?:Object\.assign|(?:[\w$]+\.)?(?:defaults|defaultsDeep|extend|extendOwn|assignIn|merge|mergeDeep|deepmerge|deepMerge))$/;
// `Object.keys(opts)`, `Object.entries(opts)`: the caller's object's keys and values.
const OBJECT_PARTS = /^Object\.(keys|values|entries)$/;
// `Array.prototype.slice.call(arguments)`, `Array.from(list)`: a copy holding the same elements.
const ARRAY_COPY = /^(Array\.from|Array\.prototype\.slice\.call|\[\]\.slice\.call)$/;

/**
 * `files.map((f) => '"' + f + '"')`, `Object.keys(o).reduce((acc, k) => acc + ' --' + k, '')`: what the callback
 * returns for the receiver's elements (its parameters read them), with a reduce's initial value; `list.filter(…)`
 * keeps the receiver's elements. Null for other calls, or when the callback is not a function written here.
 */
function collectionResult(method: string, object: SgNode, args: SgNode[], depth: number): SourceFacts | null {
  if (KEEPS_ELEMENTS.test(method)) return classify(object, depth);
  if (!CALLBACK_RESULT.test(method)) return null;
  const [callback, initial] = args;
  if (!callback) return null;
  if (callback.kind() === 'identifier' && SANITISERS.test(callback.text())) return facts('sanitised', `${short(object.text())}.${method}(${callback.text()})`);
  if (callback.kind() === 'identifier' && /^(String|trim)$/.test(callback.text())) return classify(object, depth);
  if (!FUNCTION_NODE.has(String(callback.kind()))) return null;
  const returned = returnedValues(callback).map((v) => through(classify(v, depth + 1), v, `returned by the ${method}() callback`));
  const parts = method.startsWith('reduce') && initial ? [...returned, classify(initial, depth + 1)] : returned;
  if (parts.length === 0) return null;
  return combine(parts);
}

// Calls being followed into their callee, innermost last: the callee's parameters read these arguments.
// `at`: where the call starts, read once (the memo key of every value classified inside the call names it).
interface Frame { fn: SgNode; args: SgNode[]; call: SgNode; at: number }
let frames: Frame[] = [];
// Nested calls followed at once; a deeper chain is cut and its value stays unknown.
const MAX_FRAMES = 3;

/** What a call to a function defined in this file returns, classified with its parameters bound to this call's arguments. */
function callReturns(call: SgNode, depth: number): SourceFacts | null {
  if (depth > MAX_DEPTH - 2) return null;
  const fn = calleeDefinition(call);
  if (!fn || frames.some((f) => sameNode(f.fn, fn))) return null;
  if (frames.length >= MAX_FRAMES) return { ...facts('unknown', `the result of ${short(call.text())} (call chain cut at ${MAX_FRAMES} levels)`), cut: `${MAX_FRAMES} nested calls` };
  const values = returnedValues(fn);
  if (values.length === 0) return null;
  const name = functionName(fn);
  const params = paramsOf(fn).map((p) => p.name);
  frames.push({ fn, args: argsOf(call), call, at: call.range().start.index });
  try {
    const parts = values.map((v) => {
      const value = through(classify(v, depth + 1), v, `returned by ${name}()`);
      if (value.kind !== 'input' && !value.api) return value;
      // A guard inside the callee on the returned value (or what it was made from) contains it, as it would at the sink.
      const guard = findGuard(v, [...new Set([...params, ...value.names])], fileLines(v)) ?? normalisedUnderBase(fn, v, fileLines(v));
      if (guard && (!isDotDotCheck(guard) || joinsToBase(v))) return facts('sanitised', `what ${name}() returns after \`${short(guard.text)}\``);
      return value;
    });
    const out = combine(parts);
    return out.kind === 'input' || out.api ? { ...out, via: `${out.via}, returned by ${name}()` } : out;
  } finally {
    frames.pop();
  }
}

/** What a promise resolves to: `Promise.resolve(x)` is x; a call to a function defined here is what it returns. */
function resolvedValue(promise: SgNode, depth: number): SourceFacts {
  if (promise.kind() === 'call_expression' && /^Promise\.resolve$/.test(promise.field('function')?.text() ?? '')) {
    const [value] = argsOf(promise);
    return value ? classify(value, depth + 1) : facts('literal', 'an empty promise');
  }
  return classify(promise, depth + 1);
}

/** The value a helper defined in this file passes at `index` when it calls the callback `cb` it was given in `call`. */
function callbackValue(call: SgNode, cb: SgNode, index: number, depth: number): SourceFacts | null {
  const helper = calleeDefinition(call);
  if (!helper || frames.length >= MAX_FRAMES || frames.some((f) => sameNode(f.fn, helper))) return null;
  const args = argsOf(call);
  const position = args.findIndex((a) => sameNode(a, cb));
  const param = paramsOf(helper).find((p) => p.index === position);
  if (!param) return null;
  const body = helper.field('body');
  const calls = body?.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^${escapeRe(param.name)}$` } } }) ?? [];
  const values = calls.slice(0, MAX_CALLBACK_CALLS).map((c) => argsOf(c)[index]).filter(isNode);
  if (values.length === 0) return null;
  frames.push({ fn: helper, args, call, at: call.range().start.index });
  try {
    const out = combine(values.map((v) => through(classify(v, depth + 1), v, `handed to the callback by ${functionName(helper)}()`)));
    // A library caller's value (a param with api) is handed on like request input; another parameter is not known.
    if (out.kind === 'unknown' || (out.kind === 'param' && !out.api)) return null;
    return out.kind === 'input' || out.api ? { ...out, via: `${out.via}, handed to the callback by ${functionName(helper)}()` } : out;
  } finally {
    frames.pop();
  }
}

// Callback invocations followed per helper (an error path and a result path are typical).
const MAX_CALLBACK_CALLS = 6;

/** The argument bound to parameter `index` of `fn` by the call being followed, classified where the call is. */
function boundArgument(fn: SgNode, index: number, name: string, depth: number): SourceFacts | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i] as Frame;
    if (!sameNode(frame.fn, fn)) continue;
    const arg = frame.args[index];
    if (!arg) return facts('literal', 'an omitted argument');
    const saved = frames;
    frames = frames.slice(0, i);
    try {
      return through(classify(arg, depth + 1), arg, `passed to ${functionName(fn)}() as \`${name}\``);
    } finally {
      frames = saved;
    }
  }
  return null;
}

let lines: string[] | null = null;

function fileLines(node: SgNode): string[] {
  lines ??= rootOf(node).text().split(/\r?\n/);
  return lines;
}

function classifyIdentifier(id: SgNode, depth: number): SourceFacts {
  const name = id.text();
  if (CONFIG.test(name)) return facts('config', name);
  if (name === 'undefined' || name === 'NaN' || name === 'Infinity') return facts('literal', name);
  const passed = library && name === 'arguments' ? argumentsItem(id) : null;
  if (passed) return passed;
  const useLine = startLine(id);
  for (const fn of enclosingFunctions(id)) {
    const param = paramsOf(fn).find((p) => p.name === name);
    if (param) {
      // `var argv = cmd.split(' ')` in a block around the use re-binds the parameter's name: the caller's value is gone.
      const local = rebindingDeclaration(fn, id, name);
      if (local) return withName(bindingStep(classify(local, depth + 1), name, local), name);
      // `port = Number.parseInt(port)` as a statement of the function body replaces the caller's value for what follows.
      const replaced = replacedParam(fn, name, useLine);
      if (replaced) return withName(through(classify(replaced, depth + 1), replaced, `\`${name}\` = ${short(replaced.text())}`), name);
      const bound = boundArgument(fn, param.index, name, depth);
      if (bound) return withName(bound, name);
      return withName(classifyParam(fn, param.index, name, depth), name);
    }
    const decl = findDeclaration(fn.field('body') ?? fn, name, useLine, id.range().start.index, true);
    if (decl) return withName(decl === 'unknown' ? facts('unknown', name) : combine(decl.slice(-4).map((v) => bindingStep(classify(v, depth + 1), name, v))), name);
  }
  const root = rootOf(id);
  const decl = findDeclaration(root, name, useLine, id.range().start.index, true);
  if (decl === 'unknown') return facts('unknown', name, [name]);
  if (decl) return withName(combine(decl.slice(-4).map((v) => bindingStep(classify(v, depth + 1), name, v))), name);
  if (/^[A-Z][A-Z0-9_]+$/.test(name)) return facts('config', name, [name]);
  return facts('unknown', name, [name]);
}

/**
 * The value of the last declaration `var|let|const name = value` of fn's own (not a nested function's) that comes
 * before the use and whose block holds the use: a parameter of the same name is shadowed or overwritten there.
 */
function rebindingDeclaration(fn: SgNode, use: SgNode, name: string): SgNode | null {
  const at = use.range().start.index;
  const r = fn.range();
  let value: SgNode | null = null;
  for (const b of bindingIndex(rootOf(fn)).get(name) ?? []) {
    // A declaration holding the use (`var fn = fn || noop`) reads the parameter itself.
    if (b.node.range().end.index > at || b.start < r.start.index || b.node.kind() !== 'variable_declarator') continue;
    const v = b.node.field('value');
    const block = b.node.parent()?.parent();
    if (!v || !block || block.range().start.index > at || block.range().end.index < use.range().end.index) continue;
    const owner = enclosingFunctions(b.node)[0];
    if (owner && sameNode(owner, fn)) value = v;
  }
  return value;
}

/** `name = value` (or `for (name of value)`) as a step of the value's path. */
function bindingStep(f: SourceFacts, name: string, value: SgNode): SourceFacts {
  return through(f, value, `\`${name}\` = ${short(value.text())}`);
}

/** The right side of the last unconditional `name = …` among fn's own body statements before `line`, or null. */
function replacedParam(fn: SgNode, name: string, line: number): SgNode | null {
  const body = fn.field('body');
  if (body?.kind() !== 'statement_block') return null;
  let value: SgNode | null = null;
  for (const stmt of body.namedChildren()) {
    if (startLine(stmt) >= line) break;
    const expr = stmt.kind() === 'expression_statement' ? stmt.namedChildren()[0] : undefined;
    if (expr?.kind() === 'assignment_expression' && expr.field('left')?.text() === name) value = expr.field('right');
  }
  return value;
}

/** A library API parameter built into a larger string (the sink gets more than the caller's whole value). */
function built(f: SourceFacts): SourceFacts {
  return f.api && !f.built ? { ...f, built: true } : f;
}

function withName(f: SourceFacts, name: string): SourceFacts {
  return { ...f, names: [...new Set([name, ...f.names])] };
}

function isNode(n: SgNode | null | undefined): n is SgNode {
  return n !== null && n !== undefined;
}

function rootOf(node: SgNode): SgNode {
  return node.getRoot().root();
}

function short(text: string): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
}

interface Binding { names: string[]; start: number; line: number; node: SgNode }

// Every binding site in the file, built once on first use: one tree walk instead of one per lookup.
let bindings: Map<string, Binding[]> | null = null;

// What the search's regex `^[\w$]+\.(push|unshift)$` said of the callee, Rust's Unicode \w written out (rule-emulation.ts).
export const PUSH_CALLS = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', regex: '\\.(push|unshift)$' } };
export const PUSHED_NAME = new RegExp(String.raw`^[${WORD}$]+\.(push|unshift)$`, 'u');

function bindingIndex(root: SgNode): Map<string, Binding[]> {
  if (bindings) return bindings;
  const index = new Map<string, Binding[]>();
  const sites = root.findAll({
    rule: {
      any: [
        { kind: 'variable_declarator' },
        { kind: 'assignment_expression', has: { field: 'left', kind: 'identifier' } },
        { kind: 'augmented_assignment_expression', has: { field: 'left', kind: 'identifier' } },
        { kind: 'for_in_statement' },
        // `name.push(…)`: ast-grep is asked only for the method (a Unicode \w class costs it most of a millisecond to
        // compile, on every file); the name's shape is checked below, in JavaScript (PUSHED_NAME).
        PUSH_CALLS,
        { kind: 'import_statement' },
        { kind: 'catch_clause' },
      ],
    },
  });
  for (const node of sites) {
    const k = node.kind();
    let names: string[];
    if (k === 'variable_declarator') names = boundNames(node.field('name') ?? node);
    else if (k === 'assignment_expression' || k === 'augmented_assignment_expression') names = [node.field('left')?.text() ?? ''];
    else if (k === 'for_in_statement') {
      const left = node.field('left');
      names = left ? (boundNames(left).length > 0 ? boundNames(left) : [left.text()]) : [];
    } else if (k === 'catch_clause') { const param = node.field('parameter'); names = param ? boundNames(param) : []; }
    else if (k === 'call_expression') {
      const callee = node.field('function');
      if (!PUSHED_NAME.test(callee?.text() ?? '')) continue;
      names = [callee?.field('object')?.text() ?? ''];
    }
    else names = [...node.text().matchAll(/[\w$]+/g)].map((m) => m[0]);
    const r = node.range();
    const b: Binding = { names, start: r.start.index, line: r.start.line + 1, node };
    for (const n of new Set(names)) {
      const list = index.get(n);
      if (list) list.push(b);
      else index.set(n, [b]);
    }
  }
  bindings = index;
  return index;
}

/**
 * The values bound to `name` before `line` inside `scope`: declarator initialisers, assignment right sides,
 * or the iterated expression of a for-of/for-in. 'unknown' when bound without a traceable value (catch, import).
 */
function findDeclaration(scope: SgNode, name: string, line: number, at = -1, pushes = false): SgNode[] | 'unknown' | null {
  const list = bindingIndex(rootOf(scope)).get(name);
  if (!list) return null;
  const r = scope.range();
  let unknown = false;
  let bound = false;
  const values: SgNode[] = [];
  const pushed: SgNode[] = [];
  for (const b of list) {
    if (b.line > line || b.start < r.start.index || b.start >= r.end.index) continue;
    const k = b.node.kind();
    // The use inside its own binding (`x = x.charAt(0)`) reads the value x held before, not the one bound here; in a
    // for-of/for-in only the iterated expression is outside the binding (the loop body reads each element).
    const own = k === 'for_in_statement' ? b.node.field('right') ?? b.node : b.node;
    if (at >= b.start && at < own.range().end.index) continue;
    // `args.push(value)`: the array holds what is pushed, after what it was declared with.
    if (k === 'call_expression') {
      if (pushes) pushed.push(...argsOf(b.node));
      continue;
    }
    bound = true;
    // `x += part` adds a part to x's earlier values (the node itself, so the part is classified as built onto them).
    if (k === 'augmented_assignment_expression') {
      if (b.node.field('operator')?.text() === '+=') values.push(b.node);
      continue;
    }
    const v = k === 'variable_declarator' ? b.node.field('value') : k === 'assignment_expression' ? b.node.field('right') : k === 'for_in_statement' ? b.node.field('right') : null;
    if (v) values.push(v);
    else unknown = true;
  }
  // Pushes onto an array bound in an outer scope (or a parameter) say nothing of what it held before.
  if (!bound) return null;
  // The pushed values build a larger string only beside text the library wrote (`['git', 'log']`, a pushed '--flag');
  // lines a caller hands in one by one and that are joined (a code generator's body) are the caller's as given.
  const written = (n: SgNode) => n.kind() === 'string' || n.kind() === 'template_string';
  if (pushed.length > 0 && (values.some((v) => v.kind() === 'array' && v.namedChildren().some(written)) || pushed.some(written))) values.push(...pushed);
  return values.length > 0 ? values : unknown ? 'unknown' : null;
}

/** `arguments[0]` (or `arguments` whole, as `Array.prototype.slice.call(arguments)` copies it) in an exported
 * function (not an arrow, which has no arguments of its own): its caller's values. */
function argumentsItem(expr: SgNode): SourceFacts | null {
  const index = expr.kind() === 'subscript_expression' ? expr.field('index') : null;
  if (index?.kind() !== 'number' && expr.kind() !== 'identifier') return null;
  const fn = enclosingFunctions(expr).find((f) => f.kind() !== 'arrow_function');
  const api = fn ? exportedApi(fn) : null;
  if (!fn || !api) return null;
  const via = index ? `argument ${index.text()} of the exported API \`${api}\`` : `the arguments of the exported API \`${api}\``;
  return { kind: 'param', via, names: [expr.text()], api: `${api}(arguments)`, steps: [{ line: startLine(fn), note: `source: ${via}` }] };
}

/** A parameter: request input in a handler, the iterated value of an array callback, or the arguments of direct calls. */
function classifyParam(fn: SgNode, index: number, name: string, depth: number): SourceFacts {
  // The framework models (src/engines/static/sources/frameworks.json) say which handler parameters are request input.
  const modelled = frameworkParam(fn, index, name);
  if (modelled) return modelled;
  if (isRequestHandler(fn)) {
    if (index === 0) return facts('input', `the request object \`${name}\``, [name], startLine(fn));
    // A function with request-like parameters that the file calls itself (`serveFile(req, res, stats, path)`) is a
    // helper, not a registered handler: its other parameters are what those calls pass (below).
    if (callersOf(fn).length === 0) return facts('unknown', `handler parameter \`${name}\``);
  }
  const parent = fn.parent();
  if (parent?.kind() === 'arguments') {
    const call = parent.parent();
    const callee = call?.field('function');
    const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : '';
    const object = callee?.field('object');
    const list = iteratedList(fn, index);
    if (list) return through(classify(list, depth + 1), fn, `each element, as \`${name}\``);
    // text.replace(/<([^>]*)>/g, (match, inner) => …): the match and its groups, cut from the receiver.
    if (/^replace(All)?$/.test(method) && object && sameNode(parent.namedChildren()[1] as SgNode, fn)) {
      const pieces = matchedPieces('match', object, parent.namedChildren()[0] as SgNode | undefined, depth);
      if (pieces) return through(pieces, fn, `a piece the pattern matched, as \`${name}\``);
    }
    // promise.then(value => …): the value the promise resolves to.
    if (method === 'then' && object && index === 0 && parent.namedChildren()[0] && sameNode(parent.namedChildren()[0] as SgNode, fn)) return through(resolvedValue(object, depth), fn, `the promise's value, as \`${name}\``);
    // helper(arg, (err, value) => …) with the helper defined here: what the helper hands to its callback.
    const handed = call ? callbackValue(call, fn, index, depth) : null;
    if (handed) return handed;
    const event = parent.namedChildren()[0];
    if (/^(on|once|addEventListener)$/.test(method) && event?.kind() === 'string' && /^['"]message['"]$/.test(event.text())) {
      return facts('input', `data of the '${event.text().slice(1, -1)}' event`, [name], startLine(fn));
    }
  }
  // Another module of the target calls this exported function with request input (src/engines/static/cross-file/).
  const passed = incoming.length > 0 ? incomingArgFor(fn, index, incoming) : null;
  if (passed) {
    const via = `${passed.via}, passed from ${passed.from}:${passed.line} to ${passed.export || 'the module\'s export'}(${name})`;
    const steps: FlowStep[] = [
      { file: passed.from, line: passed.line, note: `source: ${passed.via}, passed to ${passed.export || 'the module\'s export'}()` },
      { line: startLine(fn), note: `parameter \`${name}\`` },
    ];
    if (!passed.api) return { ...facts('input', via, [name]), steps };
    return { kind: 'param', via, names: [name], api: passed.api, ...(passed.built ? { built: true } : {}), steps };
  }
  const fname = functionName(fn);
  // A library's exported function is called by code we cannot see: its parameters are the library's input. The file's
  // own calls of it may say more (`log(ref) { return this.run('git log ' + ref) }` builds the command `run` runs).
  const api = library ? exportedApi(fn) : null;
  if (api) {
    const via = `parameter \`${name}\` of the exported API \`${api}\``;
    const own: SourceFacts = { kind: 'param', via, names: [name], api: `${api}(${name})`, steps: [{ line: startLine(fn), note: `source: ${via}` }] };
    const called = fromCallers(fn, index, name, fname, depth);
    return called && (called.kind === 'input' || called.built) ? called : own;
  }
  return fromCallers(fn, index, name, fname, depth) ?? facts('param', `parameter \`${name}\` of ${fname}`, [name]);
}

const NOT_ALLOW_LIST = ['containment', 'type-check', 'escaping', 'parameterised', 'proto-guard', 'terminator'] as const;

/** What the file's own calls of fn pass as its parameter `index`: input, a library parameter, or only literals,
 * configuration and sanitised values; null when there are no calls or they say nothing. */
function fromCallers(fn: SgNode, index: number, name: string, fname: string, depth: number): SourceFacts | null {
  const callers = callersOf(fn);
  if (callers.length === 0 || depth >= 7) return null;
  const parts = callers.slice(0, 8).map((call) => {
    const arg = argumentAt(call, index);
    if (arg === null) return facts('unknown', `a list applied to ${fname}()`);
    if (!arg) return facts('literal', 'an omitted argument');
    const value = through(classify(arg, depth + 2), arg, `passed to ${fname}() as \`${name}\``);
    // The caller ran the value through a validator helper first (ensure_valid_nic(nic) throws unless \w+), or checked
    // it against an allow-list itself (`if (!/^[\w.-]+$/.test(ref)) throw …`): the only check that holds for any sink.
    const checked = value.kind === 'input' || value.api ? validatedBefore(call, value.names) ?? findGuard(call, value.names, fileLines(call), NOT_ALLOW_LIST) : null;
    return checked ? facts('sanitised', `what ${functionName(enclosingFunctions(call)[0] ?? fn)} passes after \`${short(checked.text)}\``) : value;
  });
  const joined = combine(parts);
  if (joined.kind === 'input') return { ...joined, via: `${joined.via}, passed to ${fname}()` };
  if (joined.api) return { ...joined, via: `${joined.via}, passed to ${fname}()`, names: [...new Set([name, ...joined.names])] };
  if (joined.kind === 'literal' || joined.kind === 'config' || joined.kind === 'sanitised') return joined;
  return null;
}

/** The file's calls of a function by its name (a class's constructor: `new Class(…)`), recursive calls left out. */
function callersOf(fn: SgNode): SgNode[] {
  const fname = functionName(fn);
  const cls = fn.kind() === 'method_definition' && fn.field('name')?.text() === 'constructor' ? fn.parent()?.parent()?.field('name')?.text() : undefined;
  const callee = cls ?? (fname && !fname.includes('(') && fname !== '<anonymous>' ? fname.replace(/^.*\./, '') : undefined);
  return callee ? directCalls(fn, callee) : [];
}

/** The list whose elements an array callback's parameter `index` receives (`list.map((s) => …)`, a reduce's first two
 * parameters: the accumulator starts from the receiver's elements too), or null for any other function. */
export function iteratedList(fn: SgNode, index: number): SgNode | null {
  const call = fn.parent()?.kind() === 'arguments' ? fn.parent()?.parent() : null;
  const callee = call?.kind() === 'call_expression' ? call.field('function') : null;
  if (callee?.kind() !== 'member_expression') return null;
  const method = callee.field('property')?.text() ?? '';
  if (!ITERATORS.test(method) || !(index === 0 || (index === 1 && /^reduce(Right)?$/.test(method)))) return null;
  return callee.field('object');
}

// The file's calls by callee name, built on the first lookup and kept per tree (src/engines/static/name-index.ts).
function callsNamed(root: SgNode, name: string): SgNode[] {
  return callsByCallee(root).get(name) ?? [];
}

/** Calls of `name` (or `this.name`, or `new name`, or `name.call(…)`/`name.apply(…)`) in the file, outside the
 * function itself. */
function directCalls(fn: SgNode, name: string): SgNode[] {
  const root = rootOf(fn);
  // `var mapper = { rgx: function … }` (or `{ rgx(…) {…} }`) is called as `mapper.rgx(…)`, or through the table (`mapper[key](…)`).
  const object = fn.kind() === 'method_definition' ? fn.parent() : fn.parent()?.kind() === 'pair' ? fn.parent()?.parent() : null;
  const holder = object?.kind() === 'object' && object.parent()?.kind() === 'variable_declarator' ? object.parent()?.field('name')?.text() : undefined;
  // `self.name(…)` with `var self = this` calls it as `this.name(…)` does (the index drops a leading `this.`).
  const names = [name, ...[...thisAliases(root)].map((alias) => `${alias}.${name}`), ...(holder ? [`${holder}.${name}`] : [])];
  const dispatched = holder ? dispatchedCalls(root, holder, (n) => callsNamed(root, n)) : [];
  return [...names.flatMap((n) => [...callsNamed(root, n), ...callsNamed(root, `${n}.call`), ...callsNamed(root, `${n}.apply`)]), ...dispatched]
    .filter((c) => {
      // Recursive calls from inside the function do not tell where the first value came from.
      const line = startLine(c);
      return line < startLine(fn) || line > fnEnd(fn);
    });
}

/** The argument a call hands a function's parameter `index`: `f(a, b)`; `f.call(self, a, b)` and `f.apply(self,
 * [a, b])` shift it by the `this` they pass first. Undefined when omitted; null when it cannot be told
 * (`f.apply(self, args)`). */
export function argumentAt(call: SgNode, index: number): SgNode | null | undefined {
  const callee = call.field('function');
  const method = callee?.kind() === 'member_expression' ? callee.field('property')?.text() : undefined;
  const args = argsOf(call);
  if (method === 'call') return args[index + 1];
  if (method !== 'apply') return args[index];
  const list = args[1];
  if (!list) return undefined;
  return list.kind() === 'array' ? list.namedChildren().filter((c) => c.kind() !== 'comment')[index] : null;
}

function fnEnd(fn: SgNode): number {
  return fn.range().end.line + 1;
}

/** The expression last bound to an identifier (through its enclosing functions, then the module), or null. */
export function bindingValue(id: SgNode): SgNode | null {
  // `{ status }` in an object literal reads the binding `status` too.
  if (id.kind() !== 'identifier' && id.kind() !== 'shorthand_property_identifier') return null;
  const name = id.text();
  const line = startLine(id);
  for (const fn of enclosingFunctions(id)) {
    if (paramsOf(fn).some((p) => p.name === name)) return null;
    const decl = findDeclaration(fn.field('body') ?? fn, name, line);
    if (decl) return decl === 'unknown' ? null : lastBound(decl);
  }
  const decl = findDeclaration(rootOf(id), name, line);
  return decl && decl !== 'unknown' ? lastBound(decl) : null;
}

/**
 * Every value bound to a local variable before `id` is read: its initialiser, later assignments, and the parts `+=`
 * appends. Null for a parameter, a binding with no traceable value, or anything not a local.
 */
export function boundValues(id: SgNode): SgNode[] | null {
  if (id.kind() !== 'identifier') return null;
  const name = id.text();
  const line = startLine(id);
  for (const fn of enclosingFunctions(id)) {
    if (paramsOf(fn).some((p) => p.name === name)) return null;
    const decl = findDeclaration(fn.field('body') ?? fn, name, line, id.range().start.index);
    if (decl) return decl === 'unknown' ? null : decl.map((v) => (v.kind() === 'augmented_assignment_expression' ? v.field('right') : v)).filter(isNode);
  }
  const decl = findDeclaration(rootOf(id), name, line, id.range().start.index);
  return decl && decl !== 'unknown' ? decl.map((v) => (v.kind() === 'augmented_assignment_expression' ? v.field('right') : v)).filter(isNode) : null;
}

/** The last value bound outright (a `+=` appends to a value, it does not bind one). */
function lastBound(values: SgNode[]): SgNode | null {
  return values.filter((v) => v.kind() !== 'augmented_assignment_expression').at(-1) ?? null;
}
