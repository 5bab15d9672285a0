// What a model call cost: its token usage priced by the config's price table (config/prices.ts). Pure.
import type { ModelPrice } from '../config/schema.ts';
import { priceFor } from '../config/prices.ts';

/** Tokens one model call used, as the backends report them and the budget counts them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** USD for a call, or null when the model has no known price. */
export function costUsd(model: string, usage: TokenUsage, overrides: Record<string, ModelPrice> = {}): number | null {
  const price = priceFor(model, overrides);
  if (!price) return null;
  return (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
}
