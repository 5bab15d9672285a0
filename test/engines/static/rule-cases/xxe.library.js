/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xxe: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var libxmljs = require('libxmljs');

// from test/engines/static/fixtures/library/xxe.js
exports.parseResponse = function (xml) {
  var doc = libxmljs.parseXml(xml, { noent: true }); // ruleid: xxe
  return doc.get('//Assertion');
};
