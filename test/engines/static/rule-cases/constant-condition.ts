// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule constant-condition: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function canEdit(user: User): boolean {
  if (user.role === 'admin' || 'editor') { // ruleid: constant-condition
    return true;
  }
  return false;
}
