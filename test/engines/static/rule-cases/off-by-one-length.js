/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule off-by-one-length: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function findIndex(list, wanted) {
  for (let i = 0; i <= list.length; i++) { // ruleid: off-by-one-length
    if (list[i].id === wanted) return i;
  }
  return -1;
}
