'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const { mimeType } = require('./mime');

function createStaticServer(root, options = {}) {
  const base = path.resolve(root);
  const logFile = options.accessLog;

  return http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let pathname = decodeURIComponent(url.pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(base, pathname);

    if (logFile) {
      const fd = fs.openSync(logFile, 'a');
      fs.writeSync(fd, `${new Date().toISOString()} ${req.method} ${pathname}\n`);
    }

    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': mimeType(file), 'content-length': stat.size });
      fs.createReadStream(file).pipe(res);
    });
  });
}

module.exports = { createStaticServer };
