/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule handle-leak: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const router = require('express').Router();

// from test/engines/static/fixtures/leaks/bugs.js
function readHeader(file) {
  const fd = fs.openSync(file, 'r'); // ruleid: handle-leak
  const buf = Buffer.alloc(16);
  fs.readSync(fd, buf, 0, 16, 0);
  fs.closeSync(fd);
  return buf;
}

// from test/engines/static/fixtures/leaks/bugs.js
async function firstLine(file) {
  const handle = await fs.promises.open(file, 'r'); // ruleid: handle-leak
  const { buffer } = await handle.read(Buffer.alloc(256), 0, 256, 0);
  await handle.close();
  return buffer.toString().split('\n')[0];
}
