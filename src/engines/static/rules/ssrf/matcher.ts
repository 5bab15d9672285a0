// Server-side request forgery: request input chooses the URL or host an HTTP client connects to — fetch,
// http/https.get/request, axios, got, undici, needle, superagent, request — unless the URL starts with a fixed origin,
// the options carry a filtering agent or DNS lookup, or an allow-list check precedes the call.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { bindingValue } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { fixedStart } from '../open-redirect/matcher.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

const CLIENTS = /^(?:node:)?(https?|axios|got|node-fetch|cross-fetch|undici|needle|superagent|request|request-promise(?:-native)?)$/;
// Methods that send a request, per client module; `*` is the module called as a function.
const METHODS: Record<string, RegExp> = {
  http: /^(get|request)$/,
  https: /^(get|request)$/,
  axios: /^(\*|get|post|put|patch|delete|head|options|request)$/,
  got: /^(\*|get|post|put|patch|delete|head|stream)$/,
  'node-fetch': /^(\*|default)$/,
  'cross-fetch': /^(\*|default|fetch)$/,
  undici: /^(request|fetch|stream)$/,
  needle: /^(\*|get|post|put|patch|delete|head|request)$/,
  superagent: /^(\*|get|post|put|patch|del|delete|head)$/,
  request: /^(\*|get|post|put|patch|del|head)$/,
  'request-promise': /^(\*|get|post|put|patch|del|head)$/,
  'request-promise-native': /^(\*|get|post|put|patch|del|head)$/,
};
// Option keys that name the destination, and keys whose presence means a filtering agent or resolver is in place.
const URL_KEYS = /^['"]?(url|uri|href|host|hostname|baseURL|baseUrl|prefixUrl|origin)['"]?$/;
const PROTECT_KEYS = /^['"]?(agent|agentClass|httpAgent|httpsAgent|lookup|dnsLookup|dispatcher)['"]?$/;
const HTTP_METHOD = /^['"](get|post|put|patch|delete|del|head|options)['"]$/i;
// The request's own path (`req.url`) is where a forward proxy is asked to go by design, and is a path on servers.
const OWN_PATH = /^(req|request|ctx|context)\.(url|originalUrl|path)$/;

/** Local names bound to an HTTP client module: `name` → `module` (called directly) or `module.export`. */
function clientBindings(root: SgNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const call of root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^require$' } } })) {
    const mod = CLIENTS.exec(argsOf(call)[0]?.text().slice(1, -1) ?? '')?.[1];
    let decl: SgNode | null = call.parent();
    while (decl && decl.kind() === 'member_expression') decl = decl.parent();
    if (!mod || decl?.kind() !== 'variable_declarator') continue;
    bindPattern(decl.field('name'), mod, out);
  }
  for (const imp of root.findAll({ rule: { kind: 'import_statement' } })) {
    const mod = CLIENTS.exec(imp.field('source')?.text().slice(1, -1) ?? '')?.[1];
    if (!mod) continue;
    for (const id of imp.findAll({ rule: { kind: 'identifier', inside: { any: [{ kind: 'import_clause' }, { kind: 'namespace_import' }] } } })) {
      if (id.parent()?.kind() === 'import_clause' || id.parent()?.kind() === 'namespace_import') out.set(id.text(), mod);
    }
    for (const spec of imp.findAll({ rule: { kind: 'import_specifier' } })) {
      const name = spec.field('name')?.text() ?? '';
      out.set(spec.field('alias')?.text() ?? name, `${mod}.${name}`);
    }
  }
  return out;
}

function bindPattern(pattern: SgNode | null, mod: string, out: Map<string, string>): void {
  if (!pattern) return;
  if (pattern.kind() === 'identifier') { out.set(pattern.text(), mod); return; }
  if (pattern.kind() !== 'object_pattern') return;
  for (const p of pattern.namedChildren()) {
    if (p.kind() === 'shorthand_property_identifier_pattern') out.set(p.text(), `${mod}.${p.text()}`);
    else if (p.kind() === 'pair_pattern' && p.field('value')?.kind() === 'identifier') out.set(p.field('value')?.text() ?? '', `${mod}.${p.field('key')?.text() ?? ''}`);
  }
}

/** The client module and method a callee names (`axios.get` → ['axios', 'get']), or null. */
function clientCall(callee: string, bindings: Map<string, string>): [string, string] | null {
  if (callee === 'fetch' || callee === 'globalThis.fetch') return ['fetch', '*'];
  const m = /^([\w$]+)(?:\.([\w$]+))?$/.exec(callee);
  const bound = m?.[1] ? bindings.get(m[1]) : undefined;
  if (!m || !bound) return null;
  const [mod, exported] = bound.split('.') as [string, string | undefined];
  const method = exported && m[2] ? null : exported ?? m[2] ?? '*';
  return method && METHODS[mod]?.test(method) ? [mod, method] : null;
}

function objectOf(node: SgNode): SgNode | null {
  if (node.kind() === 'object') return node;
  const bound = node.kind() === 'identifier' ? bindingValue(node) : null;
  return bound?.kind() === 'object' ? bound : null;
}

function pairs(obj: SgNode, keys: RegExp): SgNode[] {
  return obj.namedChildren().filter((p) => p.kind() === 'pair' && keys.test(p.field('key')?.text() ?? '')).map((p) => p.field('value')).filter((v): v is SgNode => v !== null);
}

/** The values that choose the destination, or null when the call is protected or names no destination. */
function destination(call: SgNode, mod: string, method: string): SgNode[] | null {
  const args = argsOf(call);
  if (args.some((a) => { const o = objectOf(a); return o !== null && pairs(o, PROTECT_KEYS).length > 0; })) return null;
  const first = (mod === 'needle' || mod === 'superagent') && (method === '*' || method === 'request') && args.length >= 2 && HTTP_METHOD.test(args[0]?.text() ?? '') ? args[1] : args[0];
  if (!first) return null;
  const obj = objectOf(first);
  if (!obj) return [first];
  const values = pairs(obj, URL_KEYS);
  return values.length > 0 ? values : null;
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const bindings = clientBindings(ctx.root);
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression' } })) {
    const callee = call.field('function')?.text() ?? '';
    const client = clientCall(callee, bindings);
    if (!client) continue;
    const values = destination(call, ...client)?.filter((v) => !fixedStart(v));
    if (!values || values.length === 0) continue;
    const c = sinkCandidate({
      ruleId: 'ssrf', sink: call, values, lines: ctx.lines,
      describe: (s) => `\`${callee}\` connects to a URL or host derived from ${s.via}.`,
    });
    if (c && c.source?.kind === 'input' && !OWN_PATH.test(c.source?.via ?? "")) out.push(c);
  }
  return out;
}

export const ssrf: Detector = {
  order: 8,
  rules: ['ssrf'],
  prefilter: /\bfetch\s*\(|require\(\s*['"](?:node:)?(?:https?|axios|got|node-fetch|cross-fetch|undici|needle|superagent|request|request-promise(?:-native)?)['"]|from\s+['"](?:node:)?(?:https?|axios|got|node-fetch|cross-fetch|undici|needle|superagent|request)['"]/,
  run,
};
