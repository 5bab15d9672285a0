// Which functions of a package carry an advisory's flaw, decided from data (pure): the OSV record's own list when
// it has one, else the curated map's entry (functions.ts reads data/advisory-functions.json), else none.
import type { AffectedPackage, Advisory } from './advisories/types.ts';
import type { FunctionsSource } from '../../artifacts/schemas/literals.ts';

export interface CuratedEntry {
  package: string;
  functions: string[];
  source: string;
}

export interface VulnerableFunctions {
  functions: string[];
  source: FunctionsSource;
}

export function functionsOf(advisory: Advisory, affected: AffectedPackage, curated: ReadonlyMap<string, CuratedEntry>): VulnerableFunctions {
  if (affected.functions.length > 0) return { functions: affected.functions.map((f) => f.replace(new RegExp(`^${escape(affected.name)}[.#]`), '')), source: 'advisory' };
  const hit = [advisory.id, ...advisory.aliases].map((id) => curated.get(id)).find((e) => e?.package === affected.name);
  return hit ? { functions: hit.functions, source: 'curated' } : { functions: [], source: 'none' };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
