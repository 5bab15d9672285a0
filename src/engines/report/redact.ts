// The reports' secret redaction: the sandbox's redact() (token shapes and private-key blocks) applied to every string
// a report shows — report.md, `report show`, report.html — keeping each multi-line string's line count, so a secret
// planted beside a finding and quoted in its evidence never reaches a rendered report.
import { redact, REDACTED } from '../../foundations/text/redact.ts';
import { mapStringsDeep } from './printable.ts';

const BEGIN_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;
const END_KEY = /-----END [A-Z0-9 ]*PRIVATE KEY-----/;

/** redact() line by line, keeping the line count: every line of a private-key block becomes [REDACTED]. */
export function redactLines(lines: readonly string[]): string[] {
  let inKey = false;
  return lines.map((line) => {
    if (inKey) {
      if (END_KEY.test(line)) inKey = false;
      return REDACTED;
    }
    const begin = line.search(BEGIN_KEY);
    if (begin < 0) return redact(line);
    inKey = !END_KEY.test(line.slice(begin));
    return REDACTED;
  });
}

/** Every string in a JSON-like value redacted (copy on change); a string of several lines keeps its line count. */
export function redactDeep<T>(value: T): T {
  return mapStringsDeep(value, (text) => {
    const out = text.includes('\n') ? redactLines(text.split('\n')).join('\n') : redact(text);
    return out === text ? text : out;
  });
}
