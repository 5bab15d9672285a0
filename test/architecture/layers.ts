// The import rules of src/, judged on an import graph it is given (import-graph.ts reads the real one): an import
// points only to its own rank or a lower one (rank-map.ts), no folder is in a cycle, no phase imports another, and
// only the pipeline registry reaches into a phase (through its index.ts). Pure.
import { RANKS } from './rank-map.ts';

/** One import: both paths relative to src/, `to` resolved to the imported file. */
export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written, for the message. */
  specifier: string;
}

/** Where the registry lives: the one module outside a phase that may import a phase (its index.ts). */
export const REGISTRY = 'driver/registry.ts';

/** The rank of a file (relative to src/): its index in RANKS, or -1 for a path outside every rank. */
export function rankOf(path: string): number {
  const top = path.split('/')[0] ?? '';
  return RANKS.findIndex((r) => r.folder === top);
}

/** The folder a file belongs to for the cycle rule: `<rank>/<folder>` for a file inside a rank's sub-folder, else the rank. */
export function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
}

const phaseOf = (path: string): string | undefined => {
  const parts = path.split('/');
  return parts[0] === 'phases' && parts.length > 2 ? parts[1] : undefined;
};

/** Why this import breaks the layout, or undefined when it is allowed. */
export function ruleBroken(edge: ImportEdge): string | undefined {
  const from = rankOf(edge.from);
  const to = rankOf(edge.to);
  if (from < 0) return `src/${edge.from} is outside every rank; put it in one of ${RANKS.map((r) => r.folder).join(', ')}`;
  if (to < 0) return `it imports src/${edge.to}, which is outside every rank`;
  if (to > from) return `${RANKS[from]!.folder} (rank ${from + 1}) imports ${RANKS[to]!.folder} (rank ${to + 1}); move what it needs down`;
  const fromPhase = phaseOf(edge.from);
  const toPhase = phaseOf(edge.to);
  if (toPhase && fromPhase && fromPhase !== toPhase) return `phase ${fromPhase} imports phase ${toPhase}; move what both need into a library under src/engines/`;
  if (toPhase && !fromPhase && !(edge.from === REGISTRY && edge.to === `phases/${toPhase}/index.ts`)) {
    return `only the registry imports a phase, and only its index.ts; move what this needs from phase ${toPhase} into a library under src/engines/`;
  }
  return undefined;
}

/** Every broken import, one line each: `src/<file>: '<specifier>' (<why>)`. */
export function layoutViolations(edges: readonly ImportEdge[]): string[] {
  return edges.flatMap((edge) => {
    const why = ruleBroken(edge);
    return why ? [`src/${edge.from}: '${edge.specifier}' (${why})`] : [];
  });
}

/** The folders that import each other round a circle (Tarjan's strongly connected components of the folder graph), each sorted. */
export function folderCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const a = folderOf(edge.from);
    const b = folderOf(edge.to);
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    if (a !== b) next.get(a)!.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
