// Recon's pure core: each file's per-file recon and the manifest texts in, the recon.json body out. The per-file half (reconFile:
// parse, entry points, trust boundaries) is in src/engines/attack-surface/, where the worker threads run it too.
import type { Recon } from '../../artifacts/schemas/recon.ts';
import type { FileRecon, ReconSource } from '../../engines/attack-surface/file-recon.ts';
import type { EntryPoint, TrustBoundary } from '../../engines/attack-surface/types.ts';
import { resolveContext, resolveJs } from '../../engines/static/resolve.ts';
import type { FileIndex } from '../../engines/code-index/types.ts';
import { analyseManifests } from './manifests.ts';
import { publicApiPackages } from './public-api.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface ReconInput {
  /** The files looked at (their texts are read by reconFile, whose results come as perFile). */
  sources: readonly Omit<ReconSource, 'content'>[];
  /** Triage's files per language. */
  languages: Record<string, number>;
  manifests: ReadonlyMap<string, string>;
  lockFiles: readonly string[];
  tests: boolean;
}

export type ReconBody = Omit<Recon, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt' | 'excluded' | 'summary'>;

const MAX_HIGH_RISK = 20;

// A package entry often names build output (dist/index.js); its source usually lives under src/.
function sourceOfEntry(entry: string, ctx: ReturnType<typeof resolveContext>): string | undefined {
  const candidates = [entry, entry.replace(/^(.*\/)?(dist|lib|build|out)\//, '$1src/')];
  for (const c of candidates) {
    const hit = resolveJs('_', `./${c}`, ctx) ?? resolveJs('_', `./${c.replace(/\.[cm]?js$/, '')}`, ctx);
    if (hit) return hit;
  }
  return undefined;
}

function unique<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => !seen.has(key(t)) && seen.add(key(t)));
}

/** `perFile` holds reconFile() of every source, in any order (the shell may compute it in worker threads). */
export function buildRecon(input: ReconInput, perFile: readonly FileRecon[]): ReconBody {
  const entryPoints: EntryPoint[] = [];
  const boundaries: TrustBoundary[] = [];
  const exportsOf = new Map<string, FileIndex['exports']>();
  let precise = 0;
  for (const f of perFile) {
    entryPoints.push(...f.entryPoints);
    boundaries.push(...f.trustBoundaries);
    if (f.precise) {
      precise += 1;
      exportsOf.set(f.path, f.exports);
    }
  }

  const facts = analyseManifests(input.manifests, input.lockFiles);
  const api = publicApiPackages(input.manifests, input.sources.map((s) => s.path));
  const notes = [...facts.notes, ...api.notes];
  const inScope = new Set(input.sources.map((s) => s.path));
  const binEntries: EntryPoint[] = [];
  for (const bin of facts.bins) {
    if (inScope.has(bin.file)) binEntries.push({ kind: 'cli-bin', name: bin.name, file: bin.file, line: 1 });
    else notes.push(`package bin '${bin.name}' → ${bin.file} is not among the scanned files.`);
  }
  const ctx = resolveContext([...inScope]);
  for (const entry of facts.apiEntries) {
    const file = sourceOfEntry(entry, ctx);
    const exported = file ? exportsOf.get(file) : undefined;
    if (!file || !exported) {
      notes.push(`package entry ${entry} has no scanned source file; its exported API was not listed.`);
      continue;
    }
    for (const e of exported) entryPoints.push({ kind: 'exported-api', name: e.name, file, line: e.line });
  }

  // A bin that also carries a shebang is one entry point, named after the bin.
  const binFiles = new Set(binEntries.map((e) => e.file));
  const entries = unique(
    [...binEntries, ...entryPoints.filter((e) => !(e.kind === 'cli-bin' && binFiles.has(e.file)))].sort(
      (a, b) => compareText(a.file, b.file) || a.line - b.line || compareText(a.kind, b.kind) || compareText(a.name, b.name),
    ),
    (e) => `${e.kind}|${e.file}|${e.line}|${e.name}`,
  );
  const trust = unique(
    boundaries.sort((a, b) => compareText(a.file, b.file) || a.line - b.line || compareText(a.kind, b.kind) || compareText(a.detail, b.detail)),
    (t) => `${t.kind}|${t.file}|${t.line}|${t.detail}`,
  );

  const score = new Map<string, number>();
  for (const e of entries) score.set(e.file, (score.get(e.file) ?? 0) + 2);
  for (const t of trust) score.set(t.file, (score.get(t.file) ?? 0) + 1);
  const risk = new Map(input.sources.map((s) => [s.path, s.risk]));
  const highRiskPaths = [...score]
    .sort(([a, x], [b, y]) => y - x || (risk.get(b) ?? 0) - (risk.get(a) ?? 0) || compareText(a, b))
    .slice(0, MAX_HIGH_RISK)
    .map(([p]) => p);

  return {
    stack: {
      languages: Object.entries(input.languages).sort(([a, x], [b, y]) => y - x || compareText(a, b)).map(([l]) => l),
      frameworks: [...facts.frameworks].sort(),
      packageManagers: [...facts.packageManagers].sort(),
      manifests: [...input.manifests.keys()].sort(),
      lockFiles: [...input.lockFiles].sort(),
    },
    entryPoints: entries,
    trustBoundaries: trust,
    highRiskPaths,
    publicApi: api.libraries,
    scanned: { files: input.sources.length, precise, fallback: input.sources.length - precise, tests: input.tests },
    notes,
  };
}
