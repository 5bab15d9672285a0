// What a bug report written in words names: functions (`total()`, `cart.total`, firstName) and quoted messages
// ("Invalid coupon code"). Pure; the clues only steer where the tester looks, they never count as proof.

export interface ReportClues {
  /** Identifiers the report names, most specific first (the part after the last dot). */
  names: string[];
  /** Quoted texts that may be messages the code prints or throws. */
  messages: string[];
}

const MAX_CLUES = 20;
const CODE_SPAN = /`([^`\n]{1,120})`/g;
const CALL = /\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(/g;
// camelCase, PascalCase with an inner capital, or snake_case: words that are almost never plain English.
const CODE_WORD = /\b([a-z]+[A-Z][\w$]*|[A-Z][a-z]+[A-Z][\w$]*|[a-z]+_[a-z_0-9]+)\b/g;
const QUOTED = /"([^"\n]{6,200})"|“([^”\n]{6,200})”|'([^'\n]{6,200}\s[^'\n]*)'/g;
const STOP = new Set(['e.g', 'i.e', 'console.log', 'JSON.parse', 'JSON.stringify', 'require', 'import', 'function', 'return', 'npm', 'node']);

export function reportClues(text: string): ReportClues {
  const names: string[] = [];
  const add = (raw: string) => {
    const name = raw.replace(/\(\)?$/, '').trim();
    if (!/^[A-Za-z_$][\w$.]*$/.test(name) || STOP.has(name)) return;
    const last = name.slice(name.lastIndexOf('.') + 1);
    if (last.length > 1 && !names.includes(last)) names.push(last);
  };
  for (const span of text.matchAll(CODE_SPAN)) {
    for (const call of span[1]!.matchAll(CALL)) add(call[1]!);
    add(span[1]!);
  }
  for (const call of text.matchAll(CALL)) add(call[1]!);
  for (const word of text.matchAll(CODE_WORD)) add(word[1]!);
  const messages: string[] = [];
  for (const q of text.matchAll(QUOTED)) {
    const message = (q[1] ?? q[2] ?? q[3] ?? '').trim();
    if (message && !messages.includes(message)) messages.push(message);
  }
  return { names: names.slice(0, MAX_CLUES), messages: messages.slice(0, MAX_CLUES) };
}
