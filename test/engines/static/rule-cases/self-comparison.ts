// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule self-comparison: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function sameUser(a: User, b: User): boolean {
  return a.id === a.id; // ruleid: self-comparison
}
