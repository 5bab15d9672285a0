// Open redirect: request input becomes a redirect target — res.redirect / ctx.redirect / reply.redirect, a
// Location header set with setHeader/set/header/writeHead — unless the target starts with a fixed path or origin.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunction, escapeRe } from '../../ast.ts';
import { assignedIn } from '../../properties.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { classify } from '../../taint.ts';
import { INPUT_CALL, INPUT_PATH } from '../../sources/model.ts';
import { identifiersIn, sinkCandidate } from '../../matchers/sink.ts';
import { calleeDefinition, returnedValues } from '../../callees.ts';

const REDIRECT = /^(res|response|reply|ctx|context|this)\.redirect$/;
const HEADER = /^(res|response|reply|ctx|context|this)\.(setHeader|set|header|writeHead)$/;

/** The leftmost piece of a concatenation or template: what chooses where the URL goes. */
function leading(value: SgNode): SgNode | null {
  let n: SgNode | null = value;
  while (n?.kind() === 'binary_expression' && n.field('operator')?.text() === '+') n = n.field('left');
  return n;
}

/** True when the URL's start is fixed: a literal path or origin, or a leading value that is not request input. */
export function fixedStart(value: SgNode): boolean {
  const head = leading(value);
  if (!head || head === value && head.kind() !== 'template_string') return false;
  if (head.kind() === 'string') return FIXED_START.test(head.text().slice(1, -1));
  if (head.kind() === 'template_string') {
    const text = /^`([^$`]*)/.exec(head.text())?.[1] ?? '';
    if (text !== '') return FIXED_START.test(text);
    const first = head.find({ rule: { kind: 'template_substitution' } })?.namedChildren()[0];
    return first ? classify(first).kind !== 'input' : false;
  }
  // `res.locals.baseHref + 'db/' + name`: the site's own base decides the origin, whatever follows.
  return classify(head).kind !== 'input';
}

// A target that starts with a fixed path ('/items/') or a fixed origin ('https://example.com/') stays on that site.
const FIXED_START = /^(\/[^/\\]|https?:\/\/[^/?#]+\/)/i;

function locationValue(call: SgNode, callee: string): SgNode | null {
  const args = argsOf(call);
  if (REDIRECT.test(callee)) return (args.length >= 2 && args[0]?.kind() === 'number' ? args[1] : args[0]) ?? null;
  const method = callee.slice(callee.lastIndexOf('.') + 1);
  if (method === 'writeHead') {
    const headers = args.find((a) => a.kind() === 'object');
    const pair = headers?.namedChildren().find((p) => p.kind() === 'pair' && /^['"]?location['"]?$/i.test(p.field('key')?.text() ?? ''));
    return pair?.field('value') ?? null;
  }
  const [name, value] = args;
  return name?.kind() === 'string' && /^['"]location['"]$/i.test(name.text()) ? value ?? null : null;
}

// Where the user came from: a redirect "back" to the Referer (express's res.redirect('back')) returns them to the page
// they just left; an attacker can make that only their own page. Request input that is only a Referer read is not an
// attacker-chosen target (it stays input for every other class: the sender of a request writes its headers).
const REFERER_READ = /\.(get|header|getHeader)\(\s*['"]referr?er['"]\s*\)|\bheaders(\.referr?er\b|\[\s*['"]referr?er['"]\s*\])/i;

/** What variable `name` is given in the function: `var loc = url`, `loc = req.get('Referrer')`. */
function givenValues(fn: SgNode, name: string): SgNode[] {
  return [
    ...fn.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: `^${escapeRe(name)}$` } } }).map((d) => d.field('value')),
    ...assignedIn(fn, name),
  ].filter((v): v is SgNode => Boolean(v));
}

function isRequestRead(n: SgNode): boolean {
  if (INPUT_PATH.test(n.text()) || (n.kind() === 'call_expression' && INPUT_CALL.test(n.field('function')?.text() ?? ''))) return true;
  // A Referer read on any request receiver the taint knows (`this.req.get('Referrer')` in express's own code).
  return n.kind() === 'call_expression' && REFERER_READ.test(n.text()) && classify(n).kind === 'input';
}

/** The outermost request reads written in the value itself (`req.headers.referer`, not also `req.headers`). */
function directReads(value: SgNode): SgNode[] {
  const reads = [value, ...value.findAll({ rule: { any: [{ kind: 'member_expression' }, { kind: 'call_expression' }] } })].filter(isRequestRead);
  return reads.filter((n) => !reads.some((o) => o.id() !== n.id() && o.range().start.index <= n.range().start.index && o.range().end.index >= n.range().end.index));
}

/**
 * The request reads a value is made of, followed through the variables it names (each once); null when part of its
 * input cannot be traced to a read (then it is not excused).
 */
function inputReads(value: SgNode, fn: SgNode, seen: Set<string>): SgNode[] | null {
  const names = identifiersIn(value).filter((n) => /^[\w$]+$/.test(n));
  const followsSeen = names.some((n) => seen.has(n));
  const out = directReads(value);
  for (const name of names.filter((n) => !seen.has(n))) {
    seen.add(name);
    for (const given of givenValues(fn, name).filter((g) => classify(g).kind === 'input')) {
      const reads = inputReads(given, fn, seen);
      if (reads === null) return null;
      out.push(...reads);
    }
  }
  return out.length === 0 && !followsSeen && classify(value).kind === 'input' ? null : out;
}

/** True when every piece of request input in the target is a Referer read. */
function onlyRefererInput(value: SgNode): boolean {
  const fn = enclosingFunction(value);
  const reads = fn ? inputReads(value, fn, new Set()) : null;
  return reads !== null && reads.length > 0 && reads.every((r) => REFERER_READ.test(r.text()));
}

/** `new URL(x, base)` with a base: a scheme-relative `//evil.example/` becomes the host, never the path. */
function isUrlWithBase(n: SgNode | undefined): boolean {
  if (n?.kind() !== 'new_expression' || !/^(url\.)?URL$/.test(n.field('constructor')?.text() ?? '')) return false;
  return (n.field('arguments')?.namedChildren().length ?? 0) >= 2;
}

/**
 * True when the URL starts with the path of a WHATWG parse against a base (`new URL(req.url, base).pathname`, directly,
 * through a variable of this function, or as what a helper of this file returns): the parser took any host out, so the
 * path stays on the site (unlike url.parse(…).pathname, which keeps `//evil.example/` as the path).
 */
export function siteRelativePath(value: SgNode, depth = 0): boolean {
  const head = leading(value);
  if (!head || depth > 2) return false;
  if (head.kind() === 'call_expression') {
    const fn = calleeDefinition(head);
    const returned = fn ? returnedValues(fn) : [];
    return returned.length > 0 && returned.every((r) => siteRelativePath(r, depth + 1));
  }
  if (head.kind() !== 'member_expression' || head.field('property')?.text() !== 'pathname') return false;
  const object = head.field('object');
  if (isUrlWithBase(object?.kind() === 'parenthesized_expression' ? object.namedChildren()[0] : object ?? undefined)) return true;
  const fn = object?.kind() === 'identifier' ? enclosingFunction(head) : null;
  if (!fn || !object) return false;
  const given = givenValues(fn, object.text());
  return given.length > 0 && given.every((g) => isUrlWithBase(g));
}

const REDIRECT_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '\\.(redirect|setHeader|set|header|writeHead)$' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const calls = findAllOf(ctx.root, REDIRECT_CALLS);
  for (const call of calls) {
    const callee = call.field('function')?.text() ?? '';
    if (!REDIRECT.test(callee) && !HEADER.test(callee)) continue;
    const value = locationValue(call, callee);
    if (!value) continue;
    if (fixedStart(value) || onlyRefererInput(value) || siteRelativePath(value)) continue;
    const c = sinkCandidate({
      ruleId: 'open-redirect', sink: call, values: [value], lines: ctx.lines,
      describe: (s) => `\`${callee}\` sends the browser to a URL derived from ${s.via}.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const openRedirect: Detector = {
  order: 7,
  rules: ['open-redirect'],
  prefilter: /\.redirect\(|['"]location['"]/i,
  finds: [REDIRECT_CALLS],
  run,
};
