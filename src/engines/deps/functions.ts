// Which functions of a package carry an advisory's flaw: the OSV record's own list when it has one, else
// the curated map in data/advisory-functions.json, else none (reachability then stays "unknown").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { objectAt } from './lockfiles/types.ts';
import type { AffectedPackage, Advisory } from './advisories/types.ts';
import type { FunctionsSource } from '../../artifacts/schemas/literals.ts';

export const CURATED_FUNCTIONS_FILE = fileURLToPath(new URL('../../../data/advisory-functions.json', import.meta.url));

export interface CuratedEntry {
  package: string;
  functions: string[];
  source: string;
}

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

export function vulnerableFunctions(advisory: Advisory, affected: AffectedPackage): { functions: string[]; source: FunctionsSource } {
  if (affected.functions.length > 0) return { functions: affected.functions.map((f) => f.replace(new RegExp(`^${escape(affected.name)}[.#]`), '')), source: 'advisory' };
  const map = curatedFunctions();
  const hit = [advisory.id, ...advisory.aliases].map((id) => map.get(id)).find((e) => e?.package === affected.name);
  return hit ? { functions: hit.functions, source: 'curated' } : { functions: [], source: 'none' };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
