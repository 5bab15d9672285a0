// Which files an entry point reaches through relative imports (require, import … from, import()): a finding in
// a helper two imports below a route is still reached over the network. Pure: import lists in, one exposure per file,
// the most exposed way first (network before local, unauthenticated before authenticated, fewest hops).
import type { Authentication, ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import type { EntryPoint } from '../../engines/attack-surface/types.ts';
import { compareText } from '../../foundations/text/compare.ts';

export type Exposure = ThreatModel['exposure'][number];

export const MAX_HOPS = 4;
const REACH: Record<EntryPoint['kind'], number> = { 'http-route': 0, 'message-handler': 1, 'exported-api': 2, 'cli-bin': 3, main: 3 };
const reach = (x: Exposure) => REACH[x.entry.kind as EntryPoint['kind']] ?? Object.keys(REACH).length;
const AUTH_RANK: Record<string, number> = { 'none-seen': 0, unknown: 1, 'not-applicable': 2, required: 3 };
const guarded = (x: Exposure) => AUTH_RANK[x.authentication] ?? 1;

/** The entry that exposes each file (the entry's own file at 0 hops), following imports breadth-first up to MAX_HOPS. */
export function exposures(entries: readonly EntryPoint[], authOf: (e: EntryPoint) => Authentication, imports: ReadonlyMap<string, string[]>, ref: (e: EntryPoint) => Exposure['entry']): Exposure[] {
  const best = new Map<string, Exposure>();
  const better = (a: Exposure, b: Exposure) =>
    reach(a) - reach(b) || guarded(a) - guarded(b) || a.hops - b.hops;
  for (const e of entries) {
    const seed: Exposure = { file: e.file, entry: ref(e), authentication: authOf(e).status, hops: 0 };
    let frontier = [e.file];
    const seen = new Set(frontier);
    for (let hops = 0; hops <= MAX_HOPS && frontier.length > 0; hops++) {
      const next: string[] = [];
      for (const file of frontier) {
        const candidate = { ...seed, file, hops };
        const held = best.get(file);
        if (!held || better(candidate, held) < 0) best.set(file, candidate);
        for (const dep of imports.get(file) ?? []) if (!seen.has(dep) && seen.add(dep)) next.push(dep);
      }
      frontier = next;
    }
  }
  return [...best.values()].sort((a, b) => compareText(a.file, b.file));
}
