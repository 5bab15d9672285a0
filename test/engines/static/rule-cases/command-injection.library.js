/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule command-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var cp = require('child_process');
const exec = require('child_process').exec;
var FUNCFLAG = '_$$ND_FUNC$$_';
const shellExec = require('shell-exec');
var childProcess = require('child_process');
var execTaskkill = childProcess.exec;
function Notifier() {}

// from test/engines/static/fixtures/library/bugs.js
module.exports = function (args, cb) {
  cp.exec('ps ' + args, cb); // ruleid: command-injection
};

// from test/engines/static/fixtures/library/bugs.js
module.exports.killPort = function (opts) {
  return exec(`lsof -i tcp:${opts.port} | grep LISTEN`); // ruleid: command-injection
};
