/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule prototype-pollution: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var split = require('split-string');
function getPathSegments(path) {
  return path.split('.');
}

// from test/engines/static/fixtures/injection/proto-path-bugs.js
module.exports.set = function (obj, prop, val) {
  var keys = split(prop, { sep: '.' });
  var current = obj;
  for (var idx = 0; idx < keys.length; idx++) {
    var key = keys[idx];
    if (idx !== keys.length - 1) {
      if (typeof current[key] !== 'object') current[key] = {};
      current = current[key];
      continue;
    }
    current[key] = val; // ruleid: prototype-pollution
  }
  return obj;
};

// from test/engines/static/fixtures/injection/proto-path-bugs.js
module.exports.setProp = function (obj, path, value) {
  const pathArr = getPathSegments(path);
  for (let i = 0; i < pathArr.length; i++) {
    const p = pathArr[i];
    if (typeof obj[p] !== 'object') obj[p] = {};
    if (i === pathArr.length - 1) obj[p] = value; // ruleid: prototype-pollution
    obj = obj[p];
  }
};

// from test/engines/static/fixtures/injection/proto-path-bugs.js
var deepExtend = module.exports.extend = function (target, obj) {
  var src, val;
  Object.keys(obj).forEach(function (key) {
    src = target[key];
    val = obj[key];
    if (typeof val !== 'object' || val === null) {
      target[key] = val;
    } else {
      target[key] = deepExtend(src, val); // ruleid: prototype-pollution
    }
  });
  return target;
};

// from test/engines/static/fixtures/injection/proto-path-bugs.js
function set(obj, path, value) {
  if (typeof path === 'string') return set(obj, path.split('.'), value);
  var currentPath = path[0];
  if (path.length === 1) {
    obj[currentPath] = value;
    return obj;
  }
  if (obj[currentPath] === undefined) obj[currentPath] = {};
  return set(obj[currentPath], path.slice(1), value); // ruleid: prototype-pollution
}
