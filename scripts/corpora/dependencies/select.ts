// Which of this repository's own dependencies make the dependencies precision corpus: packages no rule was written
// for and that neither mature set holds, of a size a scan reads whole. Pure.

export interface InstalledPackage {
  name: string;
  version: string;
  /** Lines of JavaScript and TypeScript under the package (its own node_modules left out). */
  lines: number;
}

export const MIN_LINES = 400;
export const MAX_LINES = 60_000;

/** The store entry's package name and version: `@scope+name@1.2.3_peer@4` → `@scope/name`, `1.2.3`. */
export function storeEntry(entry: string): { name: string; version: string } | undefined {
  const m = /^(@[^+@]+\+[^@]+|[^@]+)@([^_@]+)/.exec(entry);
  return m ? { name: m[1]!.replace('+', '/'), version: m[2]! } : undefined;
}

/**
 * The packages to scan: one version per name (the first listed), none whose name a mature set holds, no type-only
 * package, between MIN_LINES and MAX_LINES lines; the largest first, then by name.
 */
export function selectDependencies(installed: readonly InstalledPackage[], excluded: ReadonlySet<string>): InstalledPackage[] {
  const seen = new Set<string>();
  const out: InstalledPackage[] = [];
  for (const p of installed) {
    if (seen.has(p.name)) continue;
    seen.add(p.name);
    if (excluded.has(p.name) || p.name.startsWith('@types/')) continue;
    if (p.lines >= MIN_LINES && p.lines <= MAX_LINES) out.push(p);
  }
  return out.sort((a, b) => b.lines - a.lines || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
