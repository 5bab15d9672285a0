// URL slugs: lower-case ASCII letters, digits and single dashes.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_SLUG = /[^a-z0-9]+/g;
const EDGE_DASHES = /^-+|-+$/g;

export function slugify(input: string, maxLength = 80): string {
  if (maxLength < 1) throw new RangeError('maxLength must be at least 1');
  const slug = input
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(NOT_SLUG, '-')
    .replace(EDGE_DASHES, '');
  return slug.slice(0, maxLength).replace(EDGE_DASHES, '');
}
