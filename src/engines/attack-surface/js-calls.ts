// Classifies one JavaScript/TypeScript call: an HTTP route registration, a message handler, or a
// trust boundary (imported modules, fetch, JSON.parse of non-literals, res.render, SQL with strings).
import type { SgNode } from '@ast-grep/napi';
import { argsOf, startLine } from '../static/ast.ts';
import { stringValue } from '../code-index/js-declarations.ts';
import { boundaryOfCall, type BoundModule } from './js-modules.ts';
import type { FileFacts } from './types.ts';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'all', 'head', 'options']);
const SQL_METHODS = new Set(['query', 'execute', 'raw', 'exec', 'prepare', 'run', 'all', 'get', 'unsafe', '$queryRawUnsafe', '$executeRawUnsafe', 'queryRawUnsafe']);
const SQL_TEXT = /^\s*[`'"]?\s*(select|insert|update|delete|create|drop|alter|replace|with|pragma|merge|truncate)\b/i;
const DB_OBJECT = /^(db|database|pool|client|conn|connection|knex|sequelize|pg|mysql|sql|sqlite|prisma|tx|trx|transaction|repo|repository|manager|queryRunner)$/i;
const QUEUE_OBJECT = /(channel|^ch$|queue|consumer|subscriber|sub$|nats|pubsub|topic|worker)/i;
const RESPONSE = /^(res|response|reply|ctx)$/;

const method = (m: string) => (m === 'del' ? 'DELETE' : m.toUpperCase());

function objectRoute(arg: SgNode | undefined): string | undefined {
  if (arg?.kind() !== 'object') return undefined;
  let url: string | undefined;
  let verb = 'ANY';
  for (const pair of arg.namedChildren().filter((c) => c.kind() === 'pair')) {
    const key = pair.field('key')?.text().replace(/['"]/g, '');
    const value = pair.field('value');
    if (key === 'url' || key === 'path') url = stringValue(value);
    if (key === 'method') verb = (stringValue(value) ?? value?.text() ?? 'ANY').replace(/[[\]'"\s]/g, '').toUpperCase();
  }
  return url ? `${verb} ${url}` : undefined;
}

function sqlArgument(arg: SgNode | undefined, object: string | undefined): string | undefined {
  if (!arg) return undefined;
  const kind = arg.kind();
  const text = arg.text();
  if (kind === 'string' || kind === 'template_string' || kind === 'binary_expression') {
    if (!SQL_TEXT.test(kind === 'binary_expression' ? (arg.field('left')?.text() ?? text) : text)) return undefined;
    if (kind === 'binary_expression') return 'concatenated string';
    return kind === 'template_string' && text.includes('${') ? 'template with ${}' : 'literal';
  }
  if ((kind === 'identifier' || kind === 'member_expression' || kind === 'call_expression') && object && DB_OBJECT.test(object)) return `non-literal ${text.slice(0, 40)}`;
  return undefined;
}

export function classifyCall(call: SgNode, path: string, bindings: Map<string, BoundModule>, out: FileFacts): void {
  const fn = call.field('function') ?? call.field('constructor');
  if (!fn) return;
  const entry = (kind: FileFacts['entryPoints'][number]['kind'], name: string): void => void out.entryPoints.push({ kind, name, file: path, line: startLine(call) });
  const boundary = (kind: FileFacts['trustBoundaries'][number]['kind'], detail: string): void => void out.trustBoundaries.push({ kind, detail, file: path, line: startLine(call) });

  let name: string | undefined;
  let object: string | undefined;
  let objectNode: SgNode | null = null;
  if (fn.kind() === 'identifier') name = fn.text();
  else if (fn.kind() === 'member_expression') {
    name = fn.field('property')?.text();
    objectNode = fn.field('object');
    object = objectNode?.kind() === 'identifier' ? objectNode.text() : undefined;
  }
  if (!name) return;

  // The arguments are read only for the few names that need them: a file has thousands of calls, and each read
  // crosses into the native tree.
  let args: SgNode[] | undefined;
  const argsRead = (): SgNode[] => (args ??= argsOf(call));
  const first = (): SgNode | undefined => argsRead()[0];
  const firstString = (): string | undefined => stringValue(first());
  if (objectNode && HTTP_METHODS.has(name) && argsRead().length >= 2) {
    const url = firstString();
    if (url !== undefined && /^[/*]/.test(url)) return entry('http-route', `${method(name)} ${url}`);
  }
  // router.route('/x').get(handler)
  if (objectNode?.kind() === 'call_expression' && HTTP_METHODS.has(name) && objectNode.field('function')?.text().endsWith('.route')) {
    const path = stringValue(argsOf(objectNode)[0]);
    if (path !== undefined) return entry('http-route', `${method(name)} ${path}`);
  }
  if (name === 'route' && objectNode) {
    const r = objectRoute(first());
    if (r) return entry('http-route', r);
  }
  if (name === 'createServer' && (object === 'http' || object === 'https' || bindings.get(object ?? '')?.module.startsWith('http'))) return entry('http-route', `${object}.createServer`);
  if ((name === 'on' || name === 'once' || name === 'addListener' || name === 'addEventListener') && firstString() === 'message') return entry('message-handler', `${fn.text().slice(0, 40)}('message')`);
  if (objectNode && object && (name === 'consume' || name === 'process' || name === 'subscribe') && QUEUE_OBJECT.test(object)) return entry('message-handler', `${object}.${name}`);
  if (name === 'run' && /\beach(Message|Batch)\b/.test(first()?.text() ?? '')) return entry('message-handler', `${object ?? 'consumer'}.run(eachMessage)`);
  if (name === 'Worker' && call.kind() === 'new_expression' && bindings.get('Worker')?.module === 'bullmq') return entry('message-handler', 'bullmq Worker');

  const bound = boundaryOfCall(bindings, name, object);
  if (bound) return boundary(bound.kind, bound.detail);
  if (name === 'fetch' && (!objectNode || object === 'window' || object === 'globalThis')) return boundary('network', 'fetch');
  if (name === 'parse' && object === 'JSON') {
    const text = first();
    if (text && text.kind() !== 'string' && text.kind() !== 'template_string') return boundary('deserialisation', `JSON.parse(${text.text().slice(0, 40)})`);
  }
  if ((name === 'render' || name === 'view') && object && RESPONSE.test(object)) return boundary('template', `${object}.${name}`);
  if (objectNode && SQL_METHODS.has(name)) {
    const how = sqlArgument(first(), object ?? objectNode.text().split('.').at(-1));
    if (how) boundary('sql', `${fn.text().slice(0, 40)}(${how})`);
  }
}
