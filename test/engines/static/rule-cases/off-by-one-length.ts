// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule off-by-one-length: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function total(items: number[]): number {
  let sum = 0;
  for (let i = 0; i <= items.length; i++) { // ruleid: off-by-one-length
    sum += items[i];
  }
  return sum;
}
