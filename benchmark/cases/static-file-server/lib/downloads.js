'use strict';
// Serves release archives from a fixed folder. Names come from the URL, so they are checked first.
const fs = require('fs');
const path = require('path');

const RELEASES = path.resolve(__dirname, '..', 'releases');

function sendRelease(name, res) {
  const file = path.resolve(RELEASES, name);
  if (path.relative(RELEASES, file).startsWith('..') || path.isAbsolute(path.relative(RELEASES, file))) {
    res.writeHead(403).end();
    return;
  }
  const stream = fs.createReadStream(file);
  stream.on('error', () => {
    if (!res.headersSent) res.writeHead(404);
    res.end();
  });
  stream.once('open', () => {
    res.writeHead(200, { 'content-type': 'application/gzip' });
    stream.pipe(res);
  });
}

module.exports = { sendRelease };
