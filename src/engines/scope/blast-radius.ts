// The blast radius of a change: the changed files plus the files that import them, up to `radius` hops,
// each with the reason it is in scope. Pure: the import graph comes in as data (the code index's importers).

export type ScopeReason = { reason: 'changed' } | { reason: 'dependent'; of: string; via: string; hop: number };

/** path → files whose imports resolve to it (the code index's `importers`). */
export type ImportersOf = ReadonlyMap<string, readonly string[]>;

/**
 * Breadth first, so each dependent carries its shortest hop; ties go to the first changed file in sorted order.
 * `of` is the changed file the chain starts from, `via` the file this one imports directly.
 */
export function blastRadius(changed: readonly string[], importers: ImportersOf, radius: number): Map<string, ScopeReason> {
  const scope = new Map<string, ScopeReason>();
  const roots = [...new Set(changed)].sort();
  for (const path of roots) scope.set(path, { reason: 'changed' });
  let frontier = roots.map((path) => ({ path, of: path }));
  for (let hop = 1; hop <= radius && frontier.length > 0; hop++) {
    const next: typeof frontier = [];
    for (const { path, of } of frontier) {
      for (const importer of importers.get(path) ?? []) {
        if (scope.has(importer)) continue;
        scope.set(importer, { reason: 'dependent', of, via: path, hop });
        next.push({ path: importer, of });
      }
    }
    frontier = next;
  }
  return scope;
}
