/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule code-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var cp = require('child_process');
const exec = require('child_process').exec;
var FUNCFLAG = '_$$ND_FUNC$$_';
const shellExec = require('shell-exec');
var childProcess = require('child_process');
var execTaskkill = childProcess.exec;
function wrapperSource(name) {
  return '(function ' + name + '() { return 1 })';
}
var Type = require('./type');

// from test/engines/static/fixtures/library/bugs.js
module.exports.render = function (template, options) {
  return new Function('locals', 'var ' + options.localsName + ' = locals; return ' + JSON.stringify(template)); // ruleid: code-injection
};

// from test/engines/static/fixtures/library/bugs.js
exports.unserialize = function (obj) {
  if (typeof obj === 'string') obj = JSON.parse(obj);
  for (var key in obj) {
    if (obj.hasOwnProperty(key) && typeof obj[key] === 'string' && obj[key].indexOf(FUNCFLAG) === 0) {
      obj[key] = eval('(' + obj[key].substring(FUNCFLAG.length) + ')'); // ruleid: code-injection
    }
  }
  return obj;
};

// from test/engines/static/fixtures/library/bugs.js
exports.named = function (fn) {
  return eval(wrapperSource(fn.name)); // ruleid: code-injection
};
