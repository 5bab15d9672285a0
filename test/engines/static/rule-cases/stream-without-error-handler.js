/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule stream-without-error-handler: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const router = require('express').Router();

// from test/engines/static/fixtures/async/more-bugs.js
router.get('/export', (req, res) => {
  const stream = fs.createReadStream('/srv/export/latest.csv');
  stream.pipe(res); // ruleid: stream-without-error-handler
});

// from test/engines/static/fixtures/leaks/bugs.js
router.get('/logs', (req, res) => {
  fs.createReadStream('/var/log/app.log').pipe(res); // ruleid: stream-without-error-handler
});
