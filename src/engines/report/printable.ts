// Text from the scanned repository or a model is printed only after its control characters are made visible:
// an escape sequence in a file name or a quote must not clear the screen, recolour it, retitle the window, or
// (with \r) overwrite what was printed before it.

// C0 controls except tab and newline, DEL, C1 controls, and the bidirectional overrides that reorder text.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// \uXXXX reads plainly and is also a valid escape inside a JSON string, so --json output stays parseable.
function visible(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

// Any character printable() changes (CONTROL includes \r): most strings have none and are returned as they are.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_CHANGE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The text with every control character shown as \uXXXX (CRLF line ends become plain newlines). */
export function printable(text: string): string {
  if (!NEEDS_CHANGE.test(text)) return text;
  return text.replace(/\r\n/g, '\n').replace(CONTROL, visible);
}

/**
 * The JSON-like value with printable() applied to every string in it. Copy on change: an array or object none of
 * whose strings changed is returned itself, so a clean 1,000-finding report costs one walk, not a deep copy (the
 * callers only read the result).
 */
export function printableDeep<T>(value: T): T {
  return mapStringsDeep(value, printable);
}

/** The JSON-like value with `change` applied to every string in it, copy on change (as printableDeep). */
export function mapStringsDeep<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v: unknown, i) => {
      const p = mapStringsDeep(v, change);
      if (p !== v) (copy ??= [...value])[i] = p;
    });
    return (copy ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = mapStringsDeep(v, change);
      if (p !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = p;
    }
    return (copy ?? value) as T;
  }
  return value;
}

// Our own colours (SGR: ESC [ digits m) are the only escape sequences a view writes on purpose.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const OWN_SGR = /\x1b\[[0-9;]*m/g;

/** For the final write to a terminal: printable(), except well-formed colour codes, which views add themselves. */
export function terminalSafe(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(OWN_SGR)) {
    out += printable(text.slice(last, match.index)) + match[0];
    last = (match.index ?? 0) + match[0].length;
  }
  return out + printable(text.slice(last));
}
