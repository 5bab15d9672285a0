// Which function parameters are request input, by the handler shapes of the framework models: (req, res)
// functions, routes, server and queue callbacks, exported route handlers and decorated controller parameters.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, functionName, memoOnNode, paramsOf } from '../ast.ts';
import { exportedApi } from '../exports.ts';
import type { SourceFacts } from '../types.ts';
import { anyOf, shapes } from './model.ts';

const PARAMS = shapes('params');
const REQ = anyOf(PARAMS.map((p) => p.shape.request));
const RES = anyOf(PARAMS.map((p) => p.shape.response));
const ROUTES = shapes('route').map(({ shape }) => ({ callee: new RegExp(shape.callee), request: new RegExp(shape.request) }));
const CALLBACKS = shapes('callback').map(({ framework, shape }) => ({ framework, callee: new RegExp(shape.callee), modules: shape.modules, params: shape.inputParams }));
const PROPERTIES = shapes('property').map(({ framework, shape }) => ({ framework, key: new RegExp(shape.key), callee: new RegExp(shape.callee), modules: shape.modules, params: shape.inputParams }));
const EXPORTS = shapes('export').map(({ framework, shape }) => ({
  framework, name: new RegExp(shape.name), path: shape.path ? new RegExp(shape.path) : null, paramName: shape.paramName ? new RegExp(shape.paramName) : null, params: shape.inputParams,
}));
const DECORATORS = shapes('decorator').map(({ framework, shape }) => ({ framework, names: new Set(shape.decorators), pipes: shape.sanitisingPipes ? new RegExp(shape.sanitisingPipes) : null }));

// The file being analysed: export shapes can depend on its path, callback shapes on the modules it loads.
let current = { path: '', content: '' };
const loads = new Map<string, boolean>();

/** What the handler shapes read of a file's path: which export shapes' path patterns it matches (one mark per shape
 *  with a pattern). Two files whose paths agree here are read alike by every shape. */
export function pathFacts(path: string): string {
  return EXPORTS.map((e) => (e.path ? (e.path.test(path) ? '1' : '0') : '')).join('');
}

/** The engine calls this before each file. */
export function beginSourceFile(path: string, content: string): void {
  current = { path, content };
  loads.clear();
}

function loadsAny(modules: readonly string[] | undefined): boolean {
  if (!modules) return true;
  const key = modules.join('\0');
  let hit = loads.get(key);
  if (hit === undefined) {
    const spec = `['"](?:node:)?(?:${modules.map(escapeRe).join('|')})(?:/[^'"]*)?['"]`;
    hit = new RegExp(String.raw`(?:require\(\s*|\bfrom\s*|import\(\s*|^\s*import\s+)${spec}`, 'm').test(current.content);
    loads.set(key, hit);
  }
  return hit;
}

/** A request handler: (req, res) parameters, or a callback registered on a router with a path. */
export function isRequestHandler(fn: SgNode): boolean {
  const params = paramsOf(fn);
  if (params.length >= 2 && REQ.test(params[0]?.name ?? '') && RES.test(params[1]?.name ?? '')) return true;
  if (params.length >= 2 && handlerByUse(fn, params[0]?.name ?? '', params[1]?.name ?? '')) return true;
  const parent = fn.parent();
  if (parent?.kind() !== 'arguments') return false;
  const callee = parent.parent()?.field('function')?.text() ?? '';
  const first = parent.namedChildren()[0];
  if (!(first?.kind() === 'string' || first?.kind() === 'template_string') || params.length === 0) return false;
  return ROUTES.some((r) => r.callee.test(callee) && r.request.test(params[0]?.name ?? ''));
}

// What a Node server does with a handler's two parameters, whatever their names: reads the request's url, method or
// headers; writes the response's status or headers (`res.end(…)` alone is also a stream's).
const REQUEST_READ = (name: string) => new RegExp(String.raw`(?<![\w$.])${escapeRe(name)}\.(?:url|method|headers)\b`);
const RESPONSE_WRITE = (name: string) => new RegExp(String.raw`(?<![\w$.])${escapeRe(name)}\.(?:writeHead\s*\(|setHeader\s*\(|statusCode\s*=[^=])`);

/** `function (q, s) { … q.url … s.writeHead(200) … }`: a (request, response) handler known by its parameters' use. */
function handlerByUse(fn: SgNode, request: string, response: string): boolean {
  if (!/^[\w$]+$/.test(request) || !/^[\w$]+$/.test(response)) return false;
  return memoOnNode(fn, 'handler by use', () => {
    const text = fn.text();
    return REQUEST_READ(request).test(text) && RESPONSE_WRITE(response).test(text);
  });
}

function input(framework: string, what: string, name: string, line: number): SourceFacts {
  return { kind: 'input', via: `${what} \`${name}\` (${framework})`, names: [name], sourceLine: line };
}

/** The callee text of the call or `new` expression a function is an argument of. */
function calleeOf(call: SgNode | null): string {
  if (!call) return '';
  return (call.kind() === 'new_expression' ? call.field('constructor') : call.field('function'))?.text() ?? '';
}

/** Request input (or a sanitised value) when a framework model makes parameter `index` of `fn` a source; else null. */
export function frameworkParam(fn: SgNode, index: number, name: string): SourceFacts | null {
  const line = fn.range().start.line + 1;
  const decorated = decoratedParam(fn, index, name, line);
  if (decorated) return decorated;
  const parent = fn.parent();
  if (parent?.kind() === 'arguments') {
    const callee = calleeOf(parent.parent());
    const hit = CALLBACKS.find((c) => c.params.includes(index) && c.callee.test(callee) && loadsAny(c.modules));
    if (hit) return input(hit.framework, `parameter of the \`${callee}\` callback`, name, line);
  }
  const key = parent?.kind() === 'pair' ? parent.field('key')?.text() : fn.kind() === 'method_definition' ? fn.field('name')?.text() : undefined;
  if (key) {
    const object = fn.kind() === 'method_definition' ? parent : parent?.parent();
    const args = object?.parent();
    const callee = args?.kind() === 'arguments' ? calleeOf(args.parent()) : '';
    const hit = PROPERTIES.find((p) => p.params.includes(index) && p.key.test(key) && p.callee.test(callee) && loadsAny(p.modules));
    if (hit) return input(hit.framework, `parameter of the \`${key}\` handler`, name, line);
  }
  // The shapes the file's path and the first parameter's name allow, before the exported name is worked out (a walk
  // of the file's exports, which most files' parameters never need).
  const possible = EXPORTS.filter((e) => e.params.includes(index) && (!e.path || e.path.test(current.path)));
  const first = possible.some((e) => e.paramName) ? paramsOf(fn).find((p) => p.index === 0)?.name ?? '' : '';
  const fitting = possible.filter((e) => !e.paramName || e.paramName.test(first));
  if (fitting.length > 0) {
    const api = exportedApi(fn) ?? '';
    const hit = fitting.find((e) => e.name.test(api));
    if (hit) return input(hit.framework, `parameter of the exported handler \`${functionName(fn)}\``, name, line);
  }
  return null;
}

/** A controller parameter bound by a request decorator (`@Query('q') q`); a parsing pipe argument sanitises it. */
function decoratedParam(fn: SgNode, index: number, name: string, line: number): SourceFacts | null {
  if (DECORATORS.length === 0 || fn.kind() !== 'method_definition') return null;
  const node = paramsOf(fn).find((p) => p.index === index && p.name === name)?.node;
  for (const decorator of node?.children().filter((c) => c.kind() === 'decorator') ?? []) {
    const call = decorator.namedChildren()[0];
    const id = (call?.kind() === 'call_expression' ? call.field('function') : call)?.text() ?? '';
    const hit = DECORATORS.find((d) => d.names.has(id));
    if (!hit) continue;
    const args = call?.kind() === 'call_expression' ? call.field('arguments')?.namedChildren() ?? [] : [];
    const pipe = args.find((a) => hit.pipes?.test((a.kind() === 'new_expression' ? a.field('constructor') : a)?.text() ?? ''));
    if (pipe) return { kind: 'sanitised', via: `\`${name}\`, parsed by ${pipe.text()}`, names: [name] };
    return input(hit.framework, `@${id}() parameter`, name, line);
  }
  return null;
}
