/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule prototype-pollution: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var toPath = require('./to-path');
var disallowedKeys = ['__proto__', 'prototype', 'constructor'];

// from test/engines/static/fixtures/injection/proto-path-decoys.js (a decoy)
function setPath(obj, path, value) {
  var segs = toPath(path);
  var cur = obj;
  for (var i = 0; i < segs.length - 1; i++) {
    var key = segs[i];
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return obj;
    // ok: prototype-pollution
    if (!cur[key]) cur[key] = {};
    cur = cur[key];
  }
  cur[segs[segs.length - 1]] = value;
  return obj;
}
