// From a lockfile graph to the resolved dependency list: one entry per name@version, with whether a
// workspace depends on it directly, whether only dev dependencies bring it in, the shortest path that
// brings it in (production paths preferred) and the workspaces that reach it. Pure.
import type { LockGraph } from './types.ts';
import { compareText } from '../../../foundations/text/compare.ts';

export interface ResolvedDependency {
  name: string;
  version: string;
  /** A workspace (or the root) lists it in its own package.json. */
  direct: boolean;
  /** Only devDependencies bring it in. */
  dev: boolean;
  /** Importer first, then each package down to this one: ["app", "mkdirp@0.5.5", "minimist@1.2.8"]. */
  path: string[];
  /** Workspace folders ('.' for the root) whose dependencies reach it. */
  workspaces: string[];
  /** Lockfile id of the entry the path ends at (for its line). */
  id: string;
}

/** A resolved dependency as the lockfile scan reports it, with the line of its entry. */
export interface LockedDependency extends ResolvedDependency {
  /** Line of the entry in the lockfile. */
  line: number;
}

interface Reach {
  dev: boolean;
  path: string[];
  ids: string[];
}

function better(a: Reach, b: Reach | undefined): boolean {
  if (!b) return true;
  if (a.dev !== b.dev) return !a.dev;
  return a.path.length < b.path.length;
}

export function resolveDependencies(graph: LockGraph): ResolvedDependency[] {
  const best = new Map<string, Reach>();
  const direct = new Set<string>();
  const workspaces = new Map<string, Set<string>>();
  for (const importer of graph.importers) {
    // Breadth first, production roots before dev ones, so the first reach of an id is its best in this importer.
    const roots = [...importer.deps.filter((d) => !d.dev), ...importer.deps.filter((d) => d.dev)];
    const seen = new Map<string, Reach>();
    const queue: [string, Reach][] = [];
    for (const d of roots) {
      direct.add(d.id);
      const p = graph.packages.get(d.id);
      if (!p || seen.has(d.id)) continue;
      const reach = { dev: d.dev, path: [importer.name, `${p.name}@${p.version}`], ids: [d.id] };
      seen.set(d.id, reach);
      queue.push([d.id, reach]);
    }
    for (let i = 0; i < queue.length; i++) {
      const [id, reach] = queue[i]!;
      for (const next of graph.packages.get(id)?.deps ?? []) {
        const p = graph.packages.get(next);
        if (!p) continue;
        const candidate = { dev: reach.dev, path: [...reach.path, `${p.name}@${p.version}`], ids: [...reach.ids, next] };
        const known = seen.get(next);
        if (known && !(known.dev && !candidate.dev)) continue;
        seen.set(next, candidate);
        queue.push([next, candidate]);
      }
    }
    for (const [id, reach] of seen) {
      const p = graph.packages.get(id)!;
      const key = `${p.name}@${p.version}`;
      if (better(reach, best.get(key))) best.set(key, reach);
      const ws = workspaces.get(key) ?? new Set<string>();
      ws.add(importer.dir || '.');
      workspaces.set(key, ws);
    }
  }
  const directKeys = new Set([...direct].flatMap((id) => {
    const p = graph.packages.get(id);
    return p ? [`${p.name}@${p.version}`] : [];
  }));
  return [...best]
    .map(([key, reach]) => {
      const id = reach.ids.at(-1)!;
      const p = graph.packages.get(id)!;
      return { name: p.name, version: p.version, direct: directKeys.has(key), dev: reach.dev, path: reach.path, workspaces: [...workspaces.get(key)!].sort(), id };
    })
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.version, b.version));
}
