/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule stream-without-error-handler: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const { pipeline } = require('stream');
const router = require('express').Router();

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
function readHeader(file) {
  // ok: stream-without-error-handler
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
  // ok: stream-without-error-handler
  const handle = await fs.promises.open(file, 'a');
  return handle;
}

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
router.get('/logs', (req, res) => {
  // ok: stream-without-error-handler
  const stream = fs.createReadStream('/var/log/app.log');
  stream.on('error', () => res.sendStatus(500));
  stream.pipe(res);
});

// from test/engines/static/fixtures/leaks/decoys.js (a decoy)
router.get('/audit', (req, res) => {
  // ok: stream-without-error-handler
  pipeline(fs.createReadStream('/var/log/audit.log'), res, () => {});
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function saveUser(user) {
  // ok: stream-without-error-handler
  await db.insert('users', user);
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function importAll(users) {
  // ok: stream-without-error-handler
  for (const u of users) await saveUser(u);
  await Promise.all(users.map(async (u) => saveUser(u)));
  users.forEach((u) => console.log(u.name));
}
