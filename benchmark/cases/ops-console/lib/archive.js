'use strict';
const cp = require('child_process');
const { quote } = require('shell-quote');

// Pack a folder into /tmp/archive.tgz; the folder name is quoted for the shell.
exports.archive = function archive(dir, callback) {
  cp.exec('tar czf /tmp/archive.tgz ' + quote([dir]), callback);
};
