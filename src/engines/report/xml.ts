// XML 1.0 text and attribute escaping for reports built from untrusted strings (file names, code, model text).
// Pure. Characters XML 1.0 forbids (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped: a parser would
// refuse the whole document for one of them, so no escape can carry them.

// Everything outside Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text content: the five markup characters as entities, forbidden characters removed. */
export function xmlText(raw: string): string {
  return raw.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

/** An attribute value (for double quotes): as xmlText, and tab/newline/CR as character references so they survive
 * attribute-value normalisation. */
export function xmlAttr(raw: string): string {
  return xmlText(raw).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}
