// Values read out of request input through standard web APIs: `new URL(request.url)`, `new URLSearchParams(body)`,
// then `searchParams.get('q')` (the Next.js app router and fetch-style handlers read their input this way).
import type { SgNode } from '@ast-grep/napi';
import type { SourceFacts } from '../types.ts';

const PARSED = /^(URL|URLSearchParams)$/;
const ACCESSORS = /^(get|getAll)$/;
// Parsing a message or body keeps its origin: JSON.parse(msg.content) is what the publisher sent.
const PARSERS = /^(JSON|JSON5)\.parse$/;

/** `new URL(x)` / `new URLSearchParams(x)` carry the origin of x; other constructors are not modelled (null). */
export function parsedInput(expr: SgNode, classify: (n: SgNode) => SourceFacts): SourceFacts | null {
  const ctor = expr.field('constructor')?.text() ?? '';
  if (!PARSED.test(ctor)) return null;
  const first = expr.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment');
  return first ? classify(first) : null;
}

/** `params.get('q')` on request input, or `JSON.parse(input)`, is request input; null otherwise. */
export function accessedInput(call: SgNode, classify: (n: SgNode) => SourceFacts): SourceFacts | null {
  const callee = call.field('function');
  if (PARSERS.test(callee?.text() ?? '')) {
    const first = call.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment');
    const parsed = first ? classify(first) : null;
    return parsed?.kind === 'input' ? { ...parsed, via: `${parsed.via}, parsed by ${callee?.text()}` } : null;
  }
  if (callee?.kind() !== 'member_expression' || !ACCESSORS.test(callee.field('property')?.text() ?? '')) return null;
  const object = callee.field('object');
  if (!object) return null;
  const base = classify(object);
  return base.kind === 'input' ? { ...base, via: `${base.via} → ${callee.text().slice(0, 60)}(…)` } : null;
}
