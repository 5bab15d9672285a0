// Retrieval context for model hunters and refuters: the ranked items of retrieval-plan.json turned into read-only
// <context> blocks, re-read at triage's hash and re-capped at the plan's budgets. Never the chunk's own files.
import type { ContextItem, RetrievalPlan } from '../../artifacts/schemas/retrieval-plan.ts';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { sourceLines } from '../integrity/evidence.ts';
import { readerAtHashes } from '../integrity/source.ts';
import { sourceBlock } from './render.ts';

/** Content of a repository file at its recorded hash, or undefined when it changed or cannot be read. */
export type ReadAtHash = (file: string) => string | undefined;

/** Pure core: the context blocks for one chunk's plan entry, in rank order, within the file and token budgets. */
export function contextBlocks(entry: RetrievalPlan['chunks'][number] | undefined, budgets: RetrievalPlan['budgets'], read: ReadAtHash): string[] {
  if (!entry) return [];
  const blocks: string[] = [];
  const files = new Set<string>();
  let tokens = 0;
  for (const item of entry.included) {
    if (item.reason === 'direct') continue;
    // The retrieval phase already budgeted; this re-check keeps a hand-edited plan from blowing up a prompt.
    if (tokens + item.tokens > budgets.maxTokens) break;
    if (!files.has(item.file) && files.size >= budgets.maxFiles) break;
    const content = read(item.file);
    // A file that changed since triage is left out rather than shown at a hash nobody recorded.
    if (content === undefined) continue;
    blocks.push(blockFor(item, content));
    files.add(item.file);
    tokens += item.tokens;
  }
  return blocks;
}

function blockFor(item: ContextItem, content: string): string {
  if (item.startLine === undefined) return sourceBlock('context', item.file, content);
  const end = item.endLine ?? item.startLine;
  return sourceBlock('context', item.file, sourceLines(content, item.startLine, end), item.startLine);
}

/** I/O shell: contextFor(chunkId) from the run's retrieval-plan.json (sources read under `root`); none without a plan. */
export function retrievalContext(root: string, plan: RetrievalPlan | undefined, triage: Triage | undefined): ((chunkId: string) => string[]) | undefined {
  if (!plan) return undefined;
  const read: ReadAtHash = readerAtHashes(root, new Map((triage?.files ?? []).map((f) => [f.path, f.sha256])));
  const byChunk = new Map(plan.chunks.map((c) => [c.chunkId, c]));
  return (chunkId) => contextBlocks(byChunk.get(chunkId), plan.budgets, read);
}
