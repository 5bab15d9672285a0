/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule code-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
const exec = require('child_process').exec;
const util = require('util');
const cp = require('child_process');
const { promisify } = require('util');
const execP = util.promisify(cp.exec);
const sh = promisify(require('child_process').exec);
const { runInNewContext } = require('node:vm');
const nodeVm = require('vm');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const vm = require('vm');

// from test/engines/static/fixtures/injection/alias-bugs.js
router.post('/calc', (req, res) => {
  res.json((0, eval)(req.body.expression)); // ruleid: code-injection
});

// from test/engines/static/fixtures/injection/alias-bugs.js
router.post('/sandbox', (req, res) => {
  res.json(runInNewContext(req.body.script, {})); // ruleid: code-injection
});

// from test/engines/static/fixtures/injection/alias-bugs.js
router.post('/script', (req, res) => {
  res.json(new nodeVm.Script(req.body.source).runInThisContext()); // ruleid: code-injection
});

// from test/engines/static/fixtures/injection/bugs.js
router.post('/calc', (req, res) => {
  const result = eval(req.body.expression); // ruleid: code-injection
  res.json({ result });
});
