// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule loose-boolean-compare: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function isActive(flag: unknown): boolean {
  return flag == true; // ruleid: loose-boolean-compare
}
