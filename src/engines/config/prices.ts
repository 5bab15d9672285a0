// Price of tokens per model: a built-in table of list prices (USD per million tokens, as published by the
// vendors in 2025) that config can override. Unknown models have no price — reported as unpriced, never as $0.
// The lookup lives with config because a repository's own prices are checked against this table when config loads.
import type { ModelPrice } from './schema.ts';

export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-4-5': { inputPerMTok: 5, outputPerMTok: 25 },
  'claude-opus-4': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-sonnet-4': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-3-7-sonnet': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-3-5-sonnet': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-haiku-4-5': { inputPerMTok: 1, outputPerMTok: 5 },
  'claude-3-5-haiku': { inputPerMTok: 0.8, outputPerMTok: 4 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'o3-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  o3: { inputPerMTok: 2, outputPerMTok: 8 },
};

// OpenRouter-style ids ('anthropic/claude-sonnet-4.5') price like the bare id; dots and dashes are equivalent.
export function normalise(model: string): string {
  const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  return bare.toLowerCase().replace(/\./g, '-');
}

/** Exact id first, then the longest matching prefix; config overrides win over the built-in table. */
export function priceFor(model: string, overrides: Record<string, ModelPrice> = {}): ModelPrice | null {
  const wanted = normalise(model);
  for (const table of [overrides, DEFAULT_PRICES]) {
    let best: { length: number; price: ModelPrice } | null = null;
    for (const [id, price] of Object.entries(table)) {
      const key = normalise(id);
      if (key === wanted) return price;
      if (wanted.startsWith(key) && (!best || key.length > best.length)) best = { length: key.length, price };
    }
    if (best) return best.price;
  }
  return null;
}
