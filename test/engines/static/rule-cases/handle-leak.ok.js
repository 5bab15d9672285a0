/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule handle-leak: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const { pipeline } = require('stream');
const router = require('express').Router();

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
function readHeader(file) {
  // ok: handle-leak
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    fs.readSync(fd, buf, 0, 16, 0);
    return buf;
  } finally {
    fs.closeSync(fd);
  }
}

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
async function openLog(file) {
  // ok: handle-leak
  const handle = await fs.promises.open(file, 'a');
  return handle;
}

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
router.get('/logs', (req, res) => {
  // ok: handle-leak
  const stream = fs.createReadStream('/var/log/app.log');
  stream.on('error', () => res.sendStatus(500));
  stream.pipe(res);
});

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
router.get('/audit', (req, res) => {
  // ok: handle-leak
  pipeline(fs.createReadStream('/var/log/audit.log'), res, () => {});
});
