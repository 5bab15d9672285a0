// URL slugs for titles and breadcrumb paths.

/** "Hello, World!" → "hello-world" */
export function slugify(title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** ["Docs", "Getting Started"] → "docs/getting-started" */
export function slugPath(parts) {
  const slugs = [];
  for (let i = 0; i <= parts.length; i++) {
    slugs.push(slugify(parts[i]));
  }
  return slugs.join('/');
}
