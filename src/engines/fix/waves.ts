// Orders clusters into waves by dependsOn (Kahn's algorithm): a wave's clusters depend only on earlier waves.
// Clusters on a dependency cycle (or depending on one) cannot be ordered and are returned apart for manual review.
import { compareText } from '../../foundations/text/compare.ts';

export interface WaveInput {
  id: string;
  dependsOn: string[];
}

export function topologicalWaves(nodes: WaveInput[]): { waves: string[][]; cyclic: string[] } {
  const ids = new Set(nodes.map((n) => n.id));
  // A dependency outside the executable set (e.g. a report-only cluster) does not block: nothing will change it.
  const pending = new Map(nodes.map((n) => [n.id, new Set(n.dependsOn.filter((d) => ids.has(d) && d !== n.id))]));
  const waves: string[][] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, deps]) => deps.size === 0).map(([id]) => id).sort(byNumber);
    if (ready.length === 0) break;
    waves.push(ready);
    for (const id of ready) pending.delete(id);
    for (const deps of pending.values()) for (const id of ready) deps.delete(id);
  }
  return { waves, cyclic: [...pending.keys()].sort(byNumber) };
}

function byNumber(a: string, b: string): number {
  return Number(a.slice(1)) - Number(b.slice(1)) || compareText(a, b);
}
