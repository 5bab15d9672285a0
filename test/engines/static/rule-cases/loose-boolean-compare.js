/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule loose-boolean-compare: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();

// from test/engines/static/fixtures/errors/bugs.js
function legacy(x) {
  // bug-hunter-ignore loose-boolean-compare  (expect: suppression-without-reason)
  return x == true; // ruleid: loose-boolean-compare
}
