// Prices a repository config may set: only dearer ones. An entry prices its own id and every id it is a prefix of
// (priceFor's lookup), so it may not be cheaper than the base price of any of them; an id with no base price is
// refused (a figure would hide that its tokens are unpriced). Pure.
import { DEFAULT_PRICES, normalise, priceFor } from './prices.ts';
import type { ModelPrice } from './schema.ts';
import type { RepositoryRefusal } from './resolve.ts';

const COMPONENTS = ['inputPerMTok', 'outputPerMTok'] as const;

/** The cheapest price a repository may give `id`, per component: the dearest base price the entry stands in for. */
export function priceFloor(id: string, base: Record<string, ModelPrice> = {}): ModelPrice | null {
  const own = priceFor(id, base);
  if (!own) return null;
  const prefix = normalise(id);
  const covered = [...Object.entries(base), ...Object.entries(DEFAULT_PRICES)].filter(([key]) => normalise(key).startsWith(prefix)).map(([, price]) => price);
  return {
    inputPerMTok: Math.max(own.inputPerMTok, ...covered.map((p) => p.inputPerMTok)),
    outputPerMTok: Math.max(own.outputPerMTok, ...covered.map((p) => p.outputPerMTok)),
  };
}

/** The repository's prices raised to their floors; every lowered component and every unpriced id is refused. */
export function restrictPrices(asked: Record<string, ModelPrice>, base: Record<string, ModelPrice> = {}): { prices: Record<string, ModelPrice>; refused: RepositoryRefusal[] } {
  const prices: Record<string, ModelPrice> = {};
  const refused: RepositoryRefusal[] = [];
  for (const [id, price] of Object.entries(asked)) {
    const floor = priceFloor(id, base);
    if (!floor) {
      refused.push({ key: `prices.${id}`, why: 'unpriced' });
      continue;
    }
    for (const component of COMPONENTS) {
      if (price[component] < floor[component]) refused.push({ key: `prices.${id}.${component}`, why: 'looser', asked: price[component], kept: floor[component] });
    }
    prices[id] = { inputPerMTok: Math.max(price.inputPerMTok, floor.inputPerMTok), outputPerMTok: Math.max(price.outputPerMTok, floor.outputPerMTok) };
  }
  return { prices, refused };
}
