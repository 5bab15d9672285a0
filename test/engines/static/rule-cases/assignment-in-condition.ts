// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule assignment-in-condition: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/bugs.ts
export function promote(user: User): User {
  if (user.role = 'admin') { // ruleid: assignment-in-condition
    user.tags.push('staff');
  }
  return user;
}
