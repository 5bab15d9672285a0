// XSS through a URL attribute: HTML escaping keeps a value from closing the attribute, but a value that *starts*
// an href/src/action attribute still chooses the scheme, so `javascript:alert(1)` escaped is still a script link
// (express res.redirect's HTML body, CVE-2024-43796; send and serve-static's redirect pages). A value after a
// literal path or origin (`href="/files/' + x`), a value in text content, and a value put through a URL
// sanitiser or encodeURIComponent are not this shape. The HTML must be built in a function that writes a response.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunctions } from '../../ast.ts';
import { bindingValue, classify } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

// An HTML escaper: it changes < > & " ' and nothing a URL scheme is made of.
const HTML_ESCAPER = /(^|\.)(escapeHtml|escapeHTML|htmlEscape|escapeAttr\w*|encodeHtml|encodeHTML|htmlEntities)$|\.(escape|encode)$/;
// The literal text just before the value opens a URL-valued attribute of a tag.
const URL_ATTRIBUTE_OPEN = /<[a-zA-Z][^<>]*\s(href|src|action|formaction|xlink:href|poster|background|cite|data)\s*=\s*["']?$/i;
// The function (or one around it) writes a response or the page.
const WRITES_HTML = /\b(res|response|reply|resp|this)\.(end|send|write)\((?!\s*\))|\.(innerHTML|outerHTML)\s*=|document\.write/;

type Leaf = { literal: string } | { node: SgNode };

/** The pieces of a `+` chain or template in source order: literal text and the values between. */
function leaves(expr: SgNode, out: Leaf[] = []): Leaf[] {
  const kind = expr.kind();
  if (out.length > 64) return out;
  if (kind === 'binary_expression' && expr.field('operator')?.text() === '+') {
    for (const side of [expr.field('left'), expr.field('right')]) if (side) leaves(side, out);
  } else if (kind === 'parenthesized_expression' && expr.namedChildren().length === 1) {
    leaves(expr.namedChildren()[0] as SgNode, out);
  } else if (kind === 'string') {
    out.push({ literal: expr.text().slice(1, -1).replace(/\\(['"])/g, '$1') });
  } else if (kind === 'template_string') {
    for (const c of expr.children()) {
      if (c.kind() === 'template_substitution') out.push(...c.namedChildren().map((node) => ({ node })));
      else if (c.kind() !== '`') out.push({ literal: c.text() });
    }
  } else {
    out.push({ node: expr });
  }
  return out;
}

/** The raw value an HTML-escaping call wraps (`escapeHtml(loc)`, or `u` bound to it), or null when not escaped. */
function escapedValue(piece: SgNode): SgNode | null {
  const call = piece.kind() === 'identifier' ? bindingValue(piece) : piece;
  if (call?.kind() !== 'call_expression' || !HTML_ESCAPER.test(call.field('function')?.text() ?? '')) return null;
  return call.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment') ?? null;
}

const BUILT_STRINGS = { any: [{ kind: 'binary_expression', has: { field: 'operator', regex: '^\\+$' } }, { kind: 'template_string' }] };

/** Outermost string-building expressions: a `+` chain or template not itself inside a larger `+` chain. */
function builtStrings(ctx: DetectorContext): SgNode[] {
  return findAllOf(ctx.root, BUILT_STRINGS)
    .filter((n) => {
      const parent = n.parent();
      return !(parent?.kind() === 'binary_expression' && parent.field('operator')?.text() === '+') && parent?.kind() !== 'template_substitution';
    });
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const html of builtStrings(ctx)) {
    const parts = leaves(html);
    let before = '';
    for (const part of parts) {
      if ('literal' in part) { before += part.literal; continue; }
      const opens = URL_ATTRIBUTE_OPEN.exec(before);
      before = '';
      if (!opens) continue;
      const raw = escapedValue(part.node);
      if (!raw || !enclosingFunctions(html).some((fn) => WRITES_HTML.test(fn.text()))) continue;
      // The value is always built into a larger string (the HTML), whatever it was before.
      const origin = classify(raw);
      const c = sinkCandidate({
        ruleId: 'xss-url-attribute', sink: html, values: [raw], lines: ctx.lines, ignoreGuards: ['escaping'],
        source: origin.api ? { ...origin, built: true } : origin,
        describe: (s) => `${s.via} is HTML-escaped and then starts the \`${opens[1]}\` attribute of the HTML this builds; escaping leaves a \`javascript:\` URL intact.`,
      });
      if (c) out.push(c);
      break;
    }
  }
  return out;
}

export const xssUrlAttribute: Detector = {
  order: 13,
  rules: ['xss-url-attribute'],
  prefilter: /\b(href|src|action|formaction|poster|cite)\s*=/i,
  finds: [BUILT_STRINGS],
  run,
};
