// The branch a queued issue is fixed on: bug-hunter/gh-<N>-<slug of the title>. Built from [a-z0-9-] only, so an
// issue title cannot make a ref git refuses or one that names another branch. Pure.
const MAX_SLUG = 40;

export function issueSlug(title: string): string {
  const words = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, MAX_SLUG) ?? '') || 'fix';
}

export function issueBranch(number: number, title: string): string {
  if (!Number.isInteger(number) || number < 1) throw new RangeError(`Not an issue number: ${number}`);
  return `bug-hunter/gh-${number}-${issueSlug(title)}`;
}
