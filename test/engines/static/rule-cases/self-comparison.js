/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule self-comparison: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function isSorted(a, b) {
  return a.createdAt <= a.createdAt; // ruleid: self-comparison
}
