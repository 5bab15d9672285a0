/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule suppression-without-reason: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/errors/bugs.js
function legacy(x) {
  // ruleid: suppression-without-reason
  // bug-hunter-ignore loose-boolean-compare
  return x == true;
}

// from test/engines/static/fixtures/logic/more-bugs.js
function legacyFlag(x) {
  // ruleid: suppression-without-reason
  // bug-hunter-ignore self-comparison
  return Boolean(x);
}

// from test/engines/static/fixtures/errors/decoys.js (a decoy: the reason follows the colon)
function legacyWithReason(x) {
  // ok: suppression-without-reason
  // bug-hunter-ignore loose-boolean-compare: x is a tri-state flag where 1 means true
  return x == true;
}

module.exports = { legacy, legacyFlag, legacyWithReason };
