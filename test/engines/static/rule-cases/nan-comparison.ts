// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule nan-comparison: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function parsePrice(text: string): number | null {
  const n = Number(text);
  if (n === NaN) return null; // ruleid: nan-comparison
  return n;
}
