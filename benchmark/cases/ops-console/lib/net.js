'use strict';
const cp = require('child_process');

// Ping a host once and hand back what ping printed.
exports.ping = function ping(host, callback) {
  cp.exec('ping -c 1 ' + host, (err, stdout) => callback(err, stdout));
};
