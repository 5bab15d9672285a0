// The HTML page's one way to write markup: the `html` tagged template escapes every value it is given unless the value
// is already Html (made by `html` itself or by `raw` for the page's own constant markup), so text from the scanned
// repository, a model or a commit message can only ever become text. `jsonScript` embeds data in a
// <script type="application/json"> block that no string can close (`</script>`, `<!--` and `]]>` cannot appear in it).

/** Markup that is safe to insert as is. Only `html`, `raw` and `join` make one. */
export class Html {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

/** A value `html` accepts: text (escaped), a number, Html, a list of those, or nothing (false, null, undefined). */
export type HtmlValue = string | number | Html | null | undefined | false | readonly HtmlValue[];

function piece(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(piece).join('');
  if (typeof value === 'number') return String(value);
  return escapeHtml(value as string);
}

/** html`<p>${text}</p>`: every interpolated value escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1]!;
  });
  return new Html(out);
}

/** The page's own constant markup (stylesheets, the script, the CSP): never call it with repository text. */
export function raw(text: string): Html {
  return new Html(text);
}

/** Items joined by a separator (each item escaped unless Html). */
export function join(items: readonly HtmlValue[], separator: HtmlValue = ''): Html {
  return new Html(items.map(piece).join(piece(separator)));
}

/**
 * JSON for a <script type="application/json"> block: `<`, `>` and `&` become \u escapes (so no `</script>`, `<!--`
 * or `]]>` can appear), and so do U+2028/U+2029. JSON.parse gives back exactly the value.
 */
export function jsonScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
