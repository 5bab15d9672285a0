/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule constant-condition: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/logic/more-bugs.js
function isImage(type) {
  if (type === 'png' || 'jpg') { // ruleid: constant-condition
    return true;
  }
  return false;
}
