// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule loose-boolean-compare: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function isNaNValue(x: unknown): boolean {
  // ok: loose-boolean-compare
  // underscore's isEqual: `+a !== +a` is the NaN test on the number a coerces to.
  const n: any = x;
  if (+n !== +n) return true;
  return x !== x;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function strictTrue(x: unknown): boolean {
  // ok: loose-boolean-compare
  return x === true;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function sum(items: number[]): number {
  let total = 0;
  // ok: loose-boolean-compare
  for (let i = 0; i < items.length; i++) total += items[i] ?? 0;
  for (let i = 1; i <= items.length; i++) total += items[i - 1] ?? 0;
  return total;
}

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function guard(x: number): string {
  // ok: loose-boolean-compare
  if (x > 0) {
    return 'positive';
  } else {
    return 'non-positive';
  }
}
