// Open redirect: request input becomes a redirect target — res.redirect / ctx.redirect / reply.redirect, a
// Location header set with setHeader/set/header/writeHead — unless the target starts with a fixed path or origin.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { classify } from '../taint.ts';
import { sinkCandidate } from './sink.ts';

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

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const calls = ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '\\.(redirect|setHeader|set|header|writeHead)$' } } });
  for (const call of calls) {
    const callee = call.field('function')?.text() ?? '';
    if (!REDIRECT.test(callee) && !HEADER.test(callee)) continue;
    const value = locationValue(call, callee);
    if (!value) continue;
    if (fixedStart(value)) continue;
    const c = sinkCandidate({
      ruleId: 'open-redirect', sink: call, values: [value], lines: ctx.lines,
      describe: (s) => `\`${callee}\` sends the browser to a URL derived from ${s.via}.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const openRedirect: Detector = {
  rules: ['open-redirect'],
  prefilter: /\.redirect\(|['"]location['"]/i,
  run,
};
