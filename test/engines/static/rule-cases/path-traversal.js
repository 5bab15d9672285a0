/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule path-traversal: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const http = require('http');
const url = require('url');
const { exec } = require('child_process');
function resolveUrl(filename) {
  if (filename.includes('..')) return null;
  if (filename && process.env.ROOT) return path.join(process.env.ROOT, filename);
  return filename;
}
function Mount(root) { this.root = root; }
async function pathFor(name) {
  return path.join('/srv/files', name);
}
function lookup(name, cb) {
  const file = path.join('/srv/docs', name);
  cb(null, file);
}

// from test/engines/static/fixtures/flow/bugs.js
http.createServer((req, res) => {
  const file = resolveUrl(req.url.slice(1)) || 'index.html';
  res.end(fs.readFileSync(file)); // ruleid: path-traversal
});

// from test/engines/static/fixtures/flow/bugs.js
http.createServer((req, res) => {
  pathFor(req.url).then((p) => res.end(fs.readFileSync(p))).catch(() => res.end()); // ruleid: path-traversal
});

// from test/engines/static/fixtures/flow/bugs.js
http.createServer((req, res) => {
  lookup(req.url, (err, file) => {
    res.end(fs.readFileSync(file)); // ruleid: path-traversal
  });
});
