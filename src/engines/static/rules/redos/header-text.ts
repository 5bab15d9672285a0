// Whether a library's matched text is header text its caller hands over as a parameter: the subject reads one
// (`reqHeaders['if-none-match']`, `obj.headers['content-type']`), directly or through a local name set to such a read in
// the same function. A request's own header is capped by the HTTP server that parsed it (16 KB in Node: a quadratic scan
// then costs about a quarter of a second); a parameter holding headers may come from anywhere the caller chose (a
// proxy's raised cap, a stored response, a string it built), so its quadratic scan counts like the caller's own string.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction } from '../../ast.ts';
import { assignedIn } from '../../properties.ts';
import { bindingValue } from '../../taint.ts';

// A headers object, or a read at a header's name (a name with a dash, or one of the single-word request headers).
const HEADER_READ = /\.headers\b|\[\s*['"](?:[A-Za-z]+-[\w-]+|cookie|host|origin|referer|forwarded|range|authorization|accept)['"]\s*\]/i;
const MAX_DEPTH = 3;

export function readsHeader(subject: SgNode, depth = 0): boolean {
  if (HEADER_READ.test(subject.text())) return true;
  if (subject.kind() !== 'identifier' || depth >= MAX_DEPTH) return false;
  const fn = enclosingFunction(subject);
  const values = [bindingValue(subject), ...(fn ? assignedIn(fn, subject.text()) : [])];
  return values.some((v) => v !== null && v !== undefined && readsHeader(v, depth + 1));
}
