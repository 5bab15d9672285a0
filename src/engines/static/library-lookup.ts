// Shared by the hunter and the skeptic: which library package (recon.json publicApi) a file belongs to, so
// both give the static engine the same view. No recon.json (a phase run by hand) means no library context.
import type { Recon } from '../../artifacts/schemas/recon.ts';

type Library = NonNullable<Recon['publicApi']>[number];

/** The library package a repository path belongs to (the deepest library folder holding it), or undefined. */
export function libraryOf(libraries: readonly Library[], path: string): string | undefined {
  let best: Library | undefined;
  for (const l of libraries) {
    if ((l.dir === '' || path.startsWith(`${l.dir}/`)) && (!best || l.dir.length > best.dir.length)) best = l;
  }
  return best?.package;
}

export function publicApiLookup(recon: Recon | undefined): (path: string) => string | undefined {
  const libraries = recon?.publicApi ?? [];
  if (libraries.length === 0) return () => undefined;
  return (path) => libraryOf(libraries, path);
}
