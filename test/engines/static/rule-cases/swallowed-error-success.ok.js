/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule swallowed-error-success: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const router = require('express').Router();

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.post('/orders', async (req, res) => {
  try {
    await db.insert('orders', req.body);
  // ok: swallowed-error-success
  } catch (err) {
    console.error(err);
    return res.status(500).json({ error: 'insert failed' });
  }
  res.json({ success: true });
});

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.post('/cache', async (req, res, next) => {
  try {
    await cache.set(req.body.key, req.body.value);
  // ok: swallowed-error-success
  } catch (err) {
    return next(err);
  }
  res.sendStatus(204);
});

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
function cleanup(tmp) {
  try {
    fs.unlinkSync(tmp);
  // ok: swallowed-error-success
  } catch {
    // the file may already be gone; nothing to do
  }
  return true;
}

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.get('/health', (req, res) => {
  try {
    JSON.parse(req.query.probe || '{}');
  // ok: swallowed-error-success
  } catch (e) {
    // malformed probe: still healthy
  }
  res.json({ ok: true });
});

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
// ok: swallowed-error-success
function legacy(x) {
  // bug-hunter-ignore loose-boolean-compare: x is a tri-state flag where 1 means true
  return x == true;
}
