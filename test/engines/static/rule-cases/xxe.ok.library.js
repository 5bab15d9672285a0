/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xxe: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const cp = require('child_process');
const { execFile } = require('child_process');
const fs = require('fs');
const shellescape = require('shell-escape');
const COMMANDS = { status: 'git status', log: 'git log' };
const shellExec = require('shell-exec');
var childProcess = require('child_process');
var execTaskkill = childProcess.exec;

// from test/engines/static/fixtures/library/decoys.js (a decoy)
exports.run = function (cmd, cb) {
  // ok: xxe
  cp.exec(cmd, cb);
};

// from test/engines/static/fixtures/library/decoys.js (a decoy)
// ok: xxe
exports.ping = (host) => execFile('ping', ['-c', '1', host]);

// from test/engines/static/fixtures/library/decoys.js (a decoy)
function listDir(dir) {
  // ok: xxe
  return cp.execSync('ls -la ' + dir);
}
