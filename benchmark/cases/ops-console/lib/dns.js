'use strict';
const cp = require('child_process');

const HOST = /^[a-z0-9.-]+$/i;

// Resolve a host name; anything but a plain host name is refused before the shell sees it.
exports.lookup = function lookup(name, callback) {
  if (!HOST.test(name)) return callback(new Error('bad host name'));
  cp.exec('host ' + name, callback);
};
