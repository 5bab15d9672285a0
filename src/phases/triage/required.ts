// Pure core of the required-file rule: a file that in-scope code imports is in scope whatever its folder, name,
// header, size or encoding. Given the files in scope and what each imports, it names the imported files that are
// not in scope yet (each with the importer and the specifier that reached it); the shell (required-io.ts) reads
// them and asks again, until nothing new is imported.
import { posix } from 'node:path';
import { resolveJs, type ResolveContext } from '../../engines/static/resolve.ts';

export interface Importer {
  path: string;
  /** Relative specifiers, as imports.ts read them. */
  imports: readonly string[];
}

export interface ImportEdge {
  target: string;
  importer: string;
  specifier: string;
}

/** Resolution over every listed path (resolveJs reads only `known`). */
export function listedContext(listed: ReadonlySet<string>): ResolveContext {
  return { known: listed, byDir: new Map(), byStem: new Map(), goModules: [] };
}

/** The first edge, in importer order, to each listed file that is not in scope yet; `unresolved`: specifiers no
 * listed path answers (a folder link, a folder the walk did not enter), for the shell to look for on disk. */
export function newlyImported(importers: readonly Importer[], ctx: ResolveContext, inScope: ReadonlySet<string>, unresolved: ImportEdge[] = []): ImportEdge[] {
  const edges = new Map<string, ImportEdge>();
  for (const { path, imports } of importers) {
    for (const specifier of imports) {
      const target = resolveJs(path, specifier, ctx);
      if (target === undefined) unresolved.push({ target: '', importer: path, specifier });
      if (target === undefined || target === path || inScope.has(target) || edges.has(target)) continue;
      edges.set(target, { target, importer: path, specifier });
    }
  }
  return [...edges.values()];
}

// Node loads a required file of any other extension as JavaScript; these it loads as data or a native addon, and
// bundlers load styles, images, fonts, markup and the like as assets.
const NOT_CODE = new Set(
  ['json', 'json5', 'node', 'wasm', 'css', 'scss', 'sass', 'less', 'styl', 'svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp3', 'mp4', 'webm', 'wav', 'html', 'htm', 'md', 'mdx', 'graphql', 'gql', 'yaml', 'yml', 'toml', 'csv'].map((e) => `.${e}`),
);

/** The language to read an imported file as: its own, or JavaScript for a name no language claims; undefined for data. */
export function importedLanguage(path: string, own: string | undefined): string | undefined {
  if (own) return own;
  return NOT_CODE.has(posix.extname(path).toLowerCase()) ? undefined : 'javascript';
}
