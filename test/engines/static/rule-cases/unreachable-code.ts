// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule unreachable-code: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function first(items: string[]): string | undefined {
  return items[0];
  items.length = 0; // ruleid: unreachable-code
}
