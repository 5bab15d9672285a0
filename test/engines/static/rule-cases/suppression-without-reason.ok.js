/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule suppression-without-reason: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const router = require('express').Router();

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
function legacy(x) {
  // ok: suppression-without-reason
  // bug-hunter-ignore loose-boolean-compare: x is a tri-state flag where 1 means true
  return x == true;
}

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.post('/orders', async (req, res) => {
  try {
    // ok: suppression-without-reason
    await db.insert('orders', req.body);
  } catch (err) {
    console.error(err);
    return res.status(500).json({ error: 'insert failed' });
  }
  res.json({ success: true });
});

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.post('/cache', async (req, res, next) => {
  try {
    // ok: suppression-without-reason
    await cache.set(req.body.key, req.body.value);
  } catch (err) {
    return next(err);
  }
  res.sendStatus(204);
});

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
function cleanup(tmp) {
  try {
    // ok: suppression-without-reason
    fs.unlinkSync(tmp);
  } catch {
    // the file may already be gone; nothing to do
  }
  return true;
}

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.get('/health', (req, res) => {
  try {
    // ok: suppression-without-reason
    JSON.parse(req.query.probe || '{}');
  } catch (e) {
    // malformed probe: still healthy
  }
  res.json({ ok: true });
});
