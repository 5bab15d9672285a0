// Context candidates for one chunk, in rank order: the chunk's own files, definitions of symbols it calls
// from other files, callers of its exports, its dependencies and dependents, then trust boundaries next
// to it. Pure and deterministic; budgets are applied afterwards (select.ts).
import type { ContextItem } from '../../artifacts/schemas/retrieval-plan.ts';
import { dependenciesOf } from '../../engines/code-index/graph.ts';
import { callersOf, definitionOfCall, enclosingSymbol } from '../../engines/code-index/lookup.ts';
import type { CodeIndex } from '../../engines/code-index/types.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface CandidateInputs {
  index: CodeIndex;
  /** Estimated tokens of a whole file (no lines) or of a line range. */
  tokens: (file: string, startLine?: number, endLine?: number) => number;
  isTest: (file: string) => boolean;
  /** recon.json trust boundaries; empty without recon. */
  boundaries: readonly { kind: string; detail: string; file: string; line: number }[];
}

const WINDOW = 3;

// The line range to show for a line in another file: its enclosing top-level symbol, else a small window.
function rangeAround(inputs: CandidateInputs, file: string, line: number): { startLine: number; endLine: number; name?: string } {
  const indexed = inputs.index.files.get(file);
  const symbol = indexed ? enclosingSymbol(indexed, line) : undefined;
  if (symbol) return { startLine: symbol.startLine, endLine: symbol.endLine, name: symbol.name };
  return { startLine: Math.max(1, line - WINDOW), endLine: Math.min(indexed?.lines ?? line + WINDOW, line + WINDOW) };
}

export function candidatesFor(chunkFiles: readonly string[], inputs: CandidateInputs): ContextItem[] {
  const inChunk = new Set(chunkFiles);
  const { index } = inputs;
  const out: ContextItem[] = chunkFiles.map((file) => ({ file, reason: 'direct', tokens: inputs.tokens(file) }));

  const definitions: ContextItem[] = [];
  for (const file of chunkFiles) {
    for (const call of index.files.get(file)?.calls ?? []) {
      const def = definitionOfCall(index, file, call);
      if (!def || inChunk.has(def.file)) continue;
      const via = `${file}:${call.line}`;
      // A definition in a file that was not indexed (changed, unreadable) is offered whole; select.ts excludes it.
      definitions.push(
        def.symbol
          ? { file: def.file, startLine: def.symbol.startLine, endLine: def.symbol.endLine, reason: 'definition', symbol: def.name, via, tokens: inputs.tokens(def.file, def.symbol.startLine, def.symbol.endLine) }
          : { file: def.file, reason: 'definition', symbol: def.name, via, tokens: inputs.tokens(def.file) },
      );
    }
  }

  const callers: (ContextItem & { test: boolean })[] = [];
  for (const file of chunkFiles) {
    for (const site of callersOf(index, file)) {
      if (inChunk.has(site.file)) continue;
      const r = rangeAround(inputs, site.file, site.line);
      callers.push({ file: site.file, startLine: r.startLine, endLine: r.endLine, reason: 'caller', symbol: site.name, via: `${site.file}:${site.line}`, tokens: inputs.tokens(site.file, r.startLine, r.endLine), test: inputs.isTest(site.file) });
    }
  }
  // Production callers before test callers; then by file and line.
  callers.sort((a, b) => Number(a.test) - Number(b.test) || compareText(a.file, b.file) || (a.startLine ?? 0) - (b.startLine ?? 0));

  const depCount = new Map<string, number>();
  for (const file of chunkFiles) for (const dep of dependenciesOf(index, file)) if (!inChunk.has(dep)) depCount.set(dep, (depCount.get(dep) ?? 0) + 1);
  const dependencies = [...depCount].sort(([a, x], [b, y]) => y - x || compareText(a, b)).map(([file]): ContextItem => ({ file, reason: 'dependency', tokens: inputs.tokens(file) }));

  const dependentSet = new Set(chunkFiles.flatMap((f) => index.importers.get(f) ?? []).filter((f) => !inChunk.has(f)));
  const dependents = [...dependentSet]
    .sort((a, b) => Number(inputs.isTest(a)) - Number(inputs.isTest(b)) || compareText(a, b))
    .map((file): ContextItem => ({ file, reason: 'dependent', tokens: inputs.tokens(file) }));

  // Trust boundaries in the chunk's neighbourhood (one hop), shown as the code around them.
  const near = new Set([...depCount.keys(), ...dependentSet, ...definitions.map((d) => d.file), ...callers.map((c) => c.file)]);
  const boundaries = inputs.boundaries
    .filter((b) => near.has(b.file))
    .map((b): ContextItem => {
      const r = rangeAround(inputs, b.file, b.line);
      return { file: b.file, startLine: r.startLine, endLine: r.endLine, reason: 'trust-boundary', symbol: `${b.kind}: ${b.detail}`, via: `${b.file}:${b.line}`, tokens: inputs.tokens(b.file, r.startLine, r.endLine) };
    });

  const seen = new Set<string>();
  const key = (i: ContextItem) => `${i.file}:${i.startLine ?? ''}-${i.endLine ?? ''}`;
  for (const item of [...definitions, ...callers.map(({ test: _test, ...item }) => item), ...dependencies, ...dependents, ...boundaries]) {
    if (seen.has(key(item))) continue;
    seen.add(key(item));
    out.push(item);
  }
  return out;
}
