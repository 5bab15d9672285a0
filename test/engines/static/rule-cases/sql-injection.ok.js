/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule sql-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
const run = require('child_process').execFile;
const util = require('util');
const readFileP = util.promisify(require('fs').readFile);
const { exec } = require('./local-exec');
const PATTERN = /^[a-z]+$/;
const { runInNewContext } = require('node:vm');
const { Script } = require('./templates');
const fs = require('fs');
const path = require('path');
const mysql = require('mysql');
const ROOT = path.resolve(__dirname, 'public');
const ALLOWED = new Set(['status', 'log', 'diff']);
const pattern = /(\d+)-(\d+)/;
const TABLE = 'events';

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/ls', (req, res) => {
  // ok: sql-injection
  run('ls', ['-la', req.query.dir], (err, out) => res.send(out));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.post('/upload', (req, res) => {
  const file = req.file;
  fs.unlinkSync(file.path);
  fs.unlinkSync(req.file.path);
  // ok: sql-injection
  res.end();
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/git/:cmd', (req, res) => {
  const cmd = req.params.cmd;
  // ok: sql-injection
  if (!ALLOWED.has(cmd)) return res.status(400).end();
  exec(`git ${cmd}`, (err, out) => res.send(out));
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/build', (req, res) => {
  // ok: sql-injection
  exec(`make -C ${process.env.BUILD_DIR}`, () => res.end());
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/file/:name', (req, res) => {
  const full = path.resolve(ROOT, req.params.name);
  // ok: sql-injection
  if (!full.startsWith(ROOT + path.sep)) return res.status(403).end();
  fs.readFile(full, (err, data) => res.send(data));
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/report', (req, res) => {
  const name = req.query.name;
  // ok: sql-injection
  if (name.includes('..')) return res.status(400).end();
  fs.readFile(path.join(ROOT, name), (e, d) => res.send(d));
});
