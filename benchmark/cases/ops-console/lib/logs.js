'use strict';
const fs = require('fs');
const path = require('path');

const LOG_DIR = path.join(__dirname, '..', 'logs');

// Contents of one log file.
exports.readLog = function readLog(name) {
  return fs.readFileSync(path.join(LOG_DIR, name), 'utf8');
};

// The same, keeping the name to a file inside the log folder.
exports.readLogSafe = function readLogSafe(name) {
  return fs.readFileSync(path.join(LOG_DIR, path.basename(name)), 'utf8');
};
