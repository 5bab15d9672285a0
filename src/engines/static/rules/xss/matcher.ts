// Reflected XSS: request input concatenated or templated into HTML that is sent (res.send/write/end, a Koa
// ctx.body) or written into the page (innerHTML/outerHTML, document.write, React's dangerouslySetInnerHTML).
// Each piece of the HTML is looked at on its own: a piece passed through an escaping function (escape-html,
// he.encode, _.escape, validator.escape, a local escape…/encode…/sanitize… helper) is safe; a response typed as
// plain text or JSON is not HTML.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions } from '../../ast.ts';
import { classify } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

// res.send(…), res.status(404).send(…), reply.end(…): the receiver is a response object, possibly chained.
const SEND = /^(res|response|reply|resp)(\.\w+\([^()]*\))*\.(send|write|end)$/;
const DOCUMENT_WRITE = /^(window\.)?document\.write(ln)?$/;
const HTML_PROPERTY = /\.(innerHTML|outerHTML)$/;
const KOA_BODY = /^(ctx|context|this)\.(body|response\.body)$/;
// Markup in the literal text: an opening, closing or doctype tag.
const MARKUP = /<[a-zA-Z!/]/;
// A response declared as something other than HTML in the same function.
const NOT_HTML = /text\/plain|application\/json|\.type\(\s*['"](text|txt|json|plain)['"]\s*\)|\.json\(/;
// A call that escapes or encodes its argument for HTML.
const ESCAPER = /(^|\.)(escape\w*|encode\w*|saniti[sz]e\w*|purify|xss|filterXSS|htmlEntities|entities\w*)$/i;

/** The pieces an HTML string is built from: the operands of a + chain, a template's substitutions. */
function pieces(value: SgNode): { parts: SgNode[]; text: string } {
  const parts: SgNode[] = [];
  let text = '';
  const stack: SgNode[] = [value];
  while (stack.length > 0 && parts.length < 64) {
    const n = stack.pop() as SgNode;
    const kind = n.kind();
    if (kind === 'binary_expression' && n.field('operator')?.text() === '+') {
      stack.push(...[n.field('right'), n.field('left')].filter((c): c is SgNode => c !== null));
    } else if (kind === 'parenthesized_expression') {
      stack.push(...n.namedChildren());
    } else if (kind === 'template_string') {
      text += n.text();
      for (const sub of n.children().filter((c) => c.kind() === 'template_substitution')) parts.push(...sub.namedChildren());
    } else if (kind === 'string') {
      text += n.text();
    } else {
      parts.push(n);
    }
  }
  return { parts, text };
}

/** Escaped, or a number the input cannot turn into markup (a length). */
function harmless(part: SgNode): boolean {
  if (part.kind() === 'member_expression') return part.field('property')?.text() === 'length';
  return part.kind() === 'call_expression' && ESCAPER.test(part.field('function')?.text() ?? '');
}

/** The pieces of the value that carry request input and are not escaped. */
function taintedPieces(value: SgNode): SgNode[] {
  return pieces(value).parts.filter((p) => !harmless(p) && classify(p).kind === 'input');
}

function declaredNotHtml(sink: SgNode): boolean {
  const fn = enclosingFunctions(sink)[0];
  return NOT_HTML.test(fn ? fn.text() : sink.text());
}

interface Sink { node: SgNode; value: SgNode; label: string; needsMarkup: boolean }

const WRITE_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '\\.(send|write|end|writeln)$' } };

const HTML_ASSIGNMENTS = { kind: 'assignment_expression', has: { field: 'left', regex: 'innerHTML|outerHTML|body' } };

const HTML_PAIRS = { kind: 'pair', has: { field: 'key', regex: '^[\'"]?__html[\'"]?$' } };

function sinks(ctx: DetectorContext): Sink[] {
  const out: Sink[] = [];
  for (const call of findAllOf(ctx.root, WRITE_CALLS)) {
    const callee = call.field('function')?.text() ?? '';
    const value = argsOf(call)[0];
    if (!value) continue;
    if (SEND.test(callee)) out.push({ node: call, value, label: `\`${callee}\``, needsMarkup: true });
    else if (DOCUMENT_WRITE.test(callee)) out.push({ node: call, value, label: `\`${callee}\``, needsMarkup: false });
  }
  // A left side HTML_PROPERTY or KOA_BODY accepts names innerHTML, outerHTML or body: the tree is asked for those alone.
  for (const assign of findAllOf(ctx.root, HTML_ASSIGNMENTS)) {
    const left = assign.field('left')?.text() ?? '';
    const value = assign.field('right');
    if (!value) continue;
    if (HTML_PROPERTY.test(left)) out.push({ node: assign, value, label: `\`${left}\``, needsMarkup: false });
    else if (KOA_BODY.test(left)) out.push({ node: assign, value, label: `\`${left}\``, needsMarkup: true });
  }
  // React: <div dangerouslySetInnerHTML={{ __html: value }} /> puts value into the page unescaped. The query is on
  // `pair` (every grammar has it; plain TypeScript has no JSX kinds and rejects a jsx_attribute rule).
  if (!ctx.lines.some((l) => l.includes('dangerouslySetInnerHTML'))) return out;
  for (const pair of findAllOf(ctx.root, HTML_PAIRS)) {
    const attr = pair.parent()?.parent()?.parent();
    const value = pair.field('value');
    if (value && attr?.kind() === 'jsx_attribute' && attr.text().startsWith('dangerouslySetInnerHTML')) {
      out.push({ node: attr, value, label: '`dangerouslySetInnerHTML`', needsMarkup: false });
    }
  }
  return out;
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const sink of sinks(ctx)) {
    if (sink.needsMarkup && !MARKUP.test(pieces(sink.value).text)) continue;
    if (sink.needsMarkup && declaredNotHtml(sink.node)) continue;
    const tainted = taintedPieces(sink.value);
    if (tainted.length === 0) continue;
    const c = sinkCandidate({
      ruleId: 'xss', sink: sink.node, values: tainted, lines: ctx.lines,
      describe: (s) => `${sink.label} puts ${s.via} into HTML without escaping it.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const xss: Detector = {
  order: 10,
  rules: ['xss'],
  // 'innerHTML' also matches dangerouslySetInnerHTML.
  prefilter: /\.(send|write|end)\(|innerHTML|outerHTML|document\.write|\.body\s*=/,
  // Every sink sinks() returns is named in the text as its pattern names it: a SEND callee starts with res., resp.,
  // response. or reply. (no whitespace allowed), and so on. Most files calling .end( or .write( are streams, not responses.
  requires: /res\.|resp\.|response\.|reply\.|document\.write|innerHTML|outerHTML|(?:ctx|context|this)\.(?:body|response\.body)|dangerouslySetInnerHTML/,
  finds: [WRITE_CALLS, HTML_ASSIGNMENTS, HTML_PAIRS],
  run,
};
