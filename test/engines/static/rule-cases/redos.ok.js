/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule redos: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
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
router.get('/match', (req, res) => {
  // ok: redos
  res.json(PATTERN.exec(req.query.word));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/local', (req, res) => {
  // ok: redos
  res.json(exec('job ' + req.query.name));
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/status', (req, res) => {
  // ok: redos
  exec('git status --porcelain', (err, out) => res.send(out));
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/git/:cmd', (req, res) => {
  const cmd = req.params.cmd;
  if (!ALLOWED.has(cmd)) return res.status(400).end();
  // ok: redos
  exec(`git ${cmd}`, (err, out) => res.send(out));
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/build', (req, res) => {
  // ok: redos
  exec(`make -C ${process.env.BUILD_DIR}`, () => res.end());
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/port/:n', (req, res) => {
  const port = parseInt(req.params.n, 10);
  // ok: redos
  exec(`lsof -i :${port}`, (e, out) => res.send(out));
});

// Only bounded repeats: linear at any input length (recheck's fuzzer once took 66 s to rate this one safe).
router.get('/slug', (req, res) => {
  // ok: redos
  res.json(/[a-z0-9]{1,30}$/.test(req.query.slug));
});
