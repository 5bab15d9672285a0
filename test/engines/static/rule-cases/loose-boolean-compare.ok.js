/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule loose-boolean-compare: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const router = require('express').Router();

// from test/engines/static/fixtures/errors/decoys.js (a decoy)
router.post('/orders', async (req, res) => {
  try {
    // ok: loose-boolean-compare
    await db.insert('orders', req.body);
  } catch (err) {
    console.error(err);
    return res.status(500).json({ error: 'insert failed' });
  }
  res.json({ success: true });
});
