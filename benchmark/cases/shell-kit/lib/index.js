'use strict';
const cp = require('child_process');
const { execFile } = require('child_process');

// Disk usage of a folder, in kilobytes.
function diskUsage(dir, callback) {
  cp.exec('du -sk ' + dir, (err, out) => callback(err, err ? 0 : parseInt(out, 10)));
}

// Free the given TCP port.
function freePort(port) {
  port = parseInt(port, 10);
  if (Number.isNaN(port)) throw new TypeError('port must be a number');
  return cp.execSync('fuser -k ' + port + '/tcp');
}

// Resolve a host name, without a shell.
function lookup(host, callback) {
  execFile('host', [host], callback);
}

// Run the caller's own command line.
function run(command, callback) {
  return cp.exec(command, callback);
}

module.exports = { diskUsage, freePort, lookup, run };
