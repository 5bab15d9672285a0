// Text from the scanned repository or a model, made inert for a GitHub issue: no Markdown or HTML (mdText), no
// @mention that pings someone, no #123 that cross-links another issue, and no HTML comment that could pose as
// the fingerprint marker. A zero-width space breaks what GitHub would link, and reads the same.
import { printable } from '../report/printable.ts';
import { fence, mdLine, mdText } from '../report/text.ts';

const ZWSP = '\u200b';
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// @name and @org/team ping; #12, GH-12 and owner/repo#12 link (and notify the other issue).
function unlink(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWSP}`).replace(/#(?=\d)/g, `#${ZWSP}`).replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 3)}${ZWSP}`);
}

// An HTML comment opener, even inside a code block, is broken so that nothing but our own line can be a marker.
function noComment(text: string): string {
  return text.replace(/<!--/g, `<!${ZWSP}--`);
}

/** Untrusted prose as literal Markdown, line breaks kept. */
export function ghText(text: string): string {
  return noComment(unlink(mdText(printable(text))));
}

/** Untrusted prose on one line. */
export function ghLine(text: string): string {
  return noComment(unlink(mdLine(printable(text))));
}

/** Untrusted code or output in a fenced block that it cannot close (code blocks neither ping nor link). */
export function ghFence(text: string, lang = ''): string {
  return fence(noComment(printable(text)), lang);
}

/** An issue title: plain text on one line, no pings, at most `max` characters. */
export function ghTitle(text: string, max = 200): string {
  const flat = unlink(text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
