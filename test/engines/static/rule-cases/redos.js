/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule redos: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const { exec, execSync, spawn } = require('child_process');
const cp = require('node:child_process');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const vm = require('vm');
const router = require('express').Router();

// from test/engines/static/fixtures/injection/bugs.js
router.get('/search', (req, res) => {
  const term = req.query.q;
  const ok = /^(\w+\s?)*$/.test(term); // ruleid: redos
  res.json({ ok });
});

// from test/engines/static/fixtures/injection/bugs.js
router.post('/email', (req, res) => {
  const valid = req.body.email.match(/^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\.)+([a-zA-Z0-9]{2,4})+$/); // ruleid: redos
  res.json({ valid: Boolean(valid) });
});
