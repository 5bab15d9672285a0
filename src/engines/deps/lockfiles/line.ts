// The 1-based line where a lockfile entry starts, found by the text its parser says the entry begins with.
// Only a match at the start of a line (after indentation or a quote) counts; 1 when nothing matches.
export function lineOf(text: string, needle: string): number {
  for (let from = 0; ; ) {
    const at = text.indexOf(needle, from);
    if (at < 0) return 1;
    const before = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
    if (/^[\s"']*$/.test(before)) return text.slice(0, at).split('\n').length;
    from = at + 1;
  }
}
