// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule suppression-without-reason: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/decoys.ts (a decoy)
export function isNaNValue(x: unknown): boolean {
  // underscore's isEqual: `+a !== +a` is the NaN test on the number a coerces to.
  const n: any = x;
  // ok: suppression-without-reason
  if (+n !== +n) return true;
  return x !== x;
}
