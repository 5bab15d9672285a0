/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule redos: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/library/redos-anchored.js
module.exports.duration = function (str) {
  var match = /^((?:\d+)?\.?\d+) *(ms|s|m|h|d)?$/i.exec(str); // ruleid: redos
  return match ? parseFloat(match[1]) : undefined;
};
