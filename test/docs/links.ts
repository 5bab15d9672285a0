// Relative links in the project's Markdown: which ones a page holds, and which of them lead nowhere. Pure: the caller
// hands in each page's text and says which files exist; the test in links.test.ts reads README.md and docs/*.md.
import { posix } from 'node:path';

export interface Link {
  /** The page the link is on, relative to the repository root (e.g. `docs/ci.md`). */
  page: string;
  line: number;
  target: string;
}

export interface BrokenLink extends Link {
  why: string;
}

/** The inline Markdown links of a page (`[text](target)`), outside fenced code blocks and inline code spans. */
export function linksOf(page: string, text: string): Link[] {
  const links: Link[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (opener) {
      if (fence === null) fence = opener[1]![0]!;
      else if (opener[1]![0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const line = raw.replace(/(`+)[\s\S]*?\1/g, '');
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ page, line: index + 1, target: m[1]! });
  });
  return links;
}

/** A link that leaves the repository's files: a URL with a scheme (`https:`, `mailto:`) or only an anchor on its own page. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#');
}

/** GitHub's anchor for a heading: lower case, punctuation and code marks dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a page's headings give, with GitHub's `-1`, `-2` … for a repeated heading. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    const m = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = slugOf(m[1]!);
    const n = seen.get(slug) ?? 0;
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
    seen.set(slug, n + 1);
  }
  return anchors;
}

/**
 * The relative links that lead nowhere: the file (from the repository root) does not exist, or the anchor is not a
 * heading of the Markdown page it names (an anchor alone, `#x`, is checked on the page itself).
 */
export function brokenLinks(pages: Map<string, string>, exists: (path: string) => boolean, read: (path: string) => string | null): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const [page, text] of pages) {
    for (const link of linksOf(page, text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue;
      const [pathPart = '', anchor] = link.target.split('#', 2);
      const file = pathPart === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(pathPart)));
      if (file.startsWith('../') || posix.isAbsolute(file)) {
        broken.push({ ...link, why: 'points outside the repository' });
        continue;
      }
      if (!exists(file)) {
        broken.push({ ...link, why: `${file} does not exist` });
        continue;
      }
      if (anchor !== undefined && file.endsWith('.md')) {
        const body = read(file);
        if (body !== null && !anchorsOf(body).has(anchor)) broken.push({ ...link, why: `${file} has no heading #${anchor}` });
      }
    }
  }
  return broken;
}
