/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule code-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
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
  // ok: code-injection
  res.json(PATTERN.exec(req.query.word));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/local', (req, res) => {
  // ok: code-injection
  res.json(exec('job ' + req.query.name));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/eval-literal', (req, res) => {
  // ok: code-injection
  res.json((0, eval)('1 + 1'));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/fixed-sandbox', (req, res) => {
  // ok: code-injection
  res.json(runInNewContext('1 + x', { x: Number(req.query.x) }));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/template', (req, res) => {
  // ok: code-injection
  res.send(new Script(req.query.name).render());
});

// from test/engines/static/fixtures/injection/decoys.js (a decoy)
router.get('/user/:id', async (req, res) => {
  const rows = await db.query('SELECT * FROM users WHERE id = ?', [req.params.id]);
  // ok: code-injection
  res.json(rows);
});
