// Recon for one JavaScript/TypeScript file from its ast-grep tree: routes, handlers and boundaries
// from calls; request input and process.env from member expressions; Next.js route files from exports.
import type { SgNode, SgRoot } from '@ast-grep/napi';
import { startLine } from '../static/ast.ts';
import type { FileIndex } from '../code-index/types.ts';
import { classifyCall } from './js-calls.ts';
import { boundaryBindings } from './js-modules.ts';
import type { FileFacts } from './types.ts';

const REQUEST_PROPS = new Set(['body', 'query', 'params', 'headers', 'cookies', 'signedCookies', 'files', 'file', 'json', 'formData', 'text', 'request']);
const REQUEST_OBJECTS = new Set(['req', 'request', 'ctx']);
const NEXT_VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

// `req.query.id` reads better than `req.query`: take one more property when there is one.
function detailOf(node: SgNode): string {
  const parent = node.parent();
  const widened = parent && (parent.kind() === 'member_expression' || parent.kind() === 'subscript_expression') && parent.field('object')?.id() === node.id();
  return (widened ? parent.text() : node.text()).slice(0, 60);
}

// The objects whose members memberFacts reads: one list for the tree rule and for the text gate before it (a file
// whose text never names one needs no walk of its tree).
const MEMBER_OBJECTS = String.raw`(${[...REQUEST_OBJECTS, 'process'].join('|')})\s*\.`;
const MEMBER_RULE = { rule: { kind: 'member_expression', regex: `^${MEMBER_OBJECTS}` } };
const MEMBER_TEXT = new RegExp(String.raw`\b${MEMBER_OBJECTS}`);

function memberFacts(root: SgNode, path: string, content: string, out: FileFacts): void {
  if (!MEMBER_TEXT.test(content)) return;
  for (const node of root.findAll(MEMBER_RULE)) {
    const object = node.field('object');
    if (object?.kind() !== 'identifier') continue;
    const obj = object.text();
    const prop = node.field('property')?.text() ?? '';
    const line = startLine(node);
    if (obj === 'process' && prop === 'env') out.trustBoundaries.push({ kind: 'environment', detail: detailOf(node), file: path, line });
    else if (REQUEST_OBJECTS.has(obj) && REQUEST_PROPS.has(prop)) out.trustBoundaries.push({ kind: 'request-input', detail: detailOf(node), file: path, line });
  }
}

// Next.js: app/**/route.ts exports GET/POST…; pages/api/** default-exports a handler.
function nextRoutes(file: FileIndex, out: FileFacts): void {
  const app = /(?:^|\/)app\/(.*?)\/?route\.[cm]?[jt]sx?$/.exec(file.path);
  if (app) {
    for (const e of file.exports) if (NEXT_VERBS.has(e.name)) out.entryPoints.push({ kind: 'http-route', name: `${e.name} /${app[1] ?? ''}`, file: file.path, line: e.line });
  }
  const api = /(?:^|\/)pages\/(api\/.+?)(?:\/index)?\.[cm]?[jt]sx?$/.exec(file.path);
  const def = file.exports.find((e) => e.name === 'default');
  if (api && def) out.entryPoints.push({ kind: 'http-route', name: `ANY /${api[1]}`, file: file.path, line: def.line });
}

export function jsRecon(file: FileIndex, root: SgRoot, content: string): FileFacts {
  const out: FileFacts = { entryPoints: [], trustBoundaries: [] };
  const program = root.root();
  const bindings = boundaryBindings(file);
  for (const call of program.findAll({ rule: { any: [{ kind: 'call_expression' }, { kind: 'new_expression' }] } })) classifyCall(call, file.path, bindings, out);
  memberFacts(program, file.path, content, out);
  nextRoutes(file, out);
  return out;
}
