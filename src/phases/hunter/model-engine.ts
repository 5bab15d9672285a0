// A model as the hunter: one call per lens per chunk, source as numbered data, static leads as hints.
// Answers naming files outside the chunk are rejected by the model client's check (the call fails closed).
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import type { ChunkSource, HunterEngine } from './engine.ts';
import { answerProblems, HunterAnswer, toFinding } from './model-answer.ts';

export interface ModelHunterOptions {
  client: ModelClient;
  lenses: string[];
  /** Context blocks per chunk from the retrieval plan (already budgeted). */
  contextFor?: (chunkId: string) => string[];
  /** Static-engine candidates for the chunk, passed as leads. */
  leadsFor?: (chunkId: string) => Finding[];
  /** True once the token budget passed its warning threshold: run only the first half of the lenses. */
  degraded?: () => boolean;
}

/** The lenses to run now: all of them, or — with the budget degraded — the first half (the plan orders them by value). */
export function activeLenses(lenses: readonly string[], degraded: boolean): string[] {
  return degraded ? lenses.slice(0, Math.max(1, Math.ceil(lenses.length / 2))) : [...lenses];
}

export function modelHunter(options: ModelHunterOptions): HunterEngine {
  return {
    name: 'model',
    lenses: options.lenses,
    async hunt(chunkId: string, files: ChunkSource[], signal: AbortSignal) {
      const assigned = new Set(files.map((f) => f.path));
      const linesOf = new Map(files.map((f) => [f.path, f.content.split(/\r?\n/)]));
      const prompt = userPrompt(files, options.contextFor?.(chunkId) ?? [], options.leadsFor?.(chunkId) ?? []);
      const found: Finding[] = [];
      for (const lens of activeLenses(options.lenses, options.degraded?.() ?? false)) {
        const result = await options.client.complete<HunterAnswer>({
          role: 'hunter',
          system: systemPrompt(`hunter/${lens}.md`),
          prompt,
          schema: HunterAnswer,
          schemaName: 'hunter_findings',
          signal,
          check: (answer) => answerProblems(answer, assigned),
        });
        found.push(...result.value.findings.map((c) => toFinding(c, lens, `${result.provider}/${result.model}`, linesOf.get(c.file) ?? [])));
      }
      return found;
    },
  };
}

function userPrompt(files: ChunkSource[], context: string[], leads: Finding[]): string {
  const parts = ['Review these files (the chunk you are assigned):', ...files.map((f) => sourceBlock('source', f.path, f.content))];
  if (context.length > 0) parts.push('Context from other files (read-only; do not report findings in them):', ...context);
  if (leads.length > 0) {
    parts.push(
      'Leads from the static engine (hints to verify, not findings):',
      ...leads.map((l) => `- ${l.file}:${l.startLine} [${l.ruleId ?? l.category}] ${l.claim}`),
    );
  }
  return parts.join('\n\n');
}
