/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule nan-comparison: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function checkRatio(ratio) {
  if (ratio !== NaN) { // ruleid: nan-comparison
    return ratio * 100;
  }
  return 0;
}
