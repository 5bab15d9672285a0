// Which functions of a package carry an advisory's flaw: the OSV record's own list when it has one, else
// the curated map in data/advisory-functions.json (read here, once), else none (reachability then stays "unknown").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { objectAt } from './lockfiles/types.ts';
import type { AffectedPackage, Advisory } from './advisories/types.ts';
import { functionsOf, type CuratedEntry, type VulnerableFunctions } from './functions-of.ts';

export const CURATED_FUNCTIONS_FILE = fileURLToPath(new URL('../../../data/advisory-functions.json', import.meta.url));

let curated: Map<string, CuratedEntry> | undefined;

export function curatedFunctions(): Map<string, CuratedEntry> {
  if (curated) return curated;
  const doc = objectAt(JSON.parse(readFileSync(CURATED_FUNCTIONS_FILE, 'utf8')));
  curated = new Map(
    Object.entries(objectAt(doc?.advisories) ?? {}).flatMap(([id, v]): [string, CuratedEntry][] => {
      const e = objectAt(v);
      return e && typeof e.package === 'string' && Array.isArray(e.functions)
        ? [[id, { package: e.package, functions: e.functions.filter((f): f is string => typeof f === 'string'), source: String(e.source ?? '') }]]
        : [];
    }),
  );
  return curated;
}

export function vulnerableFunctions(advisory: Advisory, affected: AffectedPackage): VulnerableFunctions {
  return functionsOf(advisory, affected, curatedFunctions());
}
