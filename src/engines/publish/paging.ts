// Every page of a GitHub listing, with a bound: at most MAX_PAGES pages are read, and a next link that points at a
// page already read ends the listing. Either way the listing fails (exit 3) before its caller acts on a partial list,
// so publish and work write nothing on a server whose list never ends.
import { PhaseError } from '../../foundations/errors.ts';

export const MAX_PAGES = 100;

/** One page as Octokit's paginate.iterator yields it. */
export interface Page<T> {
  url: string;
  headers: { link?: string | undefined };
  data: T[];
}

const NEXT = /<([^<>]+)>;\s*rel="next"/;

/** The items of every page, in order; `what` names the listing in the error (e.g. "issues labelled bug-hunter in acme/widgets"). */
export async function allPages<T>(pages: AsyncIterable<Page<T>>, what: string): Promise<T[]> {
  const read = new Set<string>();
  const items: T[] = [];
  // The iterator asks for the next page only when asked for it: the checks below run before that request.
  for await (const page of pages) {
    read.add(canonical(page.url));
    items.push(...page.data);
    const next = NEXT.exec(page.headers.link ?? '')?.[1];
    if (next === undefined) return items;
    if (read.has(canonical(next))) {
      throw new PhaseError(`GitHub's listing of the ${what} loops: page ${read.size} links back to a page already read (${next}). Stopped before acting on a partial list; check the API behind GITHUB_API_URL.`);
    }
    if (read.size >= MAX_PAGES) {
      throw new PhaseError(`GitHub's listing of the ${what} goes on past ${MAX_PAGES} pages, the limit bug-hunter reads. Stopped before acting on a partial list; check the API behind GITHUB_API_URL.`);
    }
  }
  return items;
}

function canonical(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
