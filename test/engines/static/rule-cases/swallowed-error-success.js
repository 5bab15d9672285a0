/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule swallowed-error-success: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
const express = require('express');
const db = require('../lib/db');
const { mergeSettings } = require('../lib/merge');

// from test/engines/static/fixtures/errors/bugs.js
router.post('/orders', async (req, res) => {
  try {
    await db.insert('orders', req.body);
  } catch (err) { // ruleid: swallowed-error-success
    console.error('insert failed', err);
  }
  res.json({ success: true });
});

// from test/engines/static/fixtures/errors/bugs.js
router.delete('/orders/:id', async (req, res) => {
  try {
    await db.remove('orders', req.params.id);
  } catch (e) {} // ruleid: swallowed-error-success
  res.sendStatus(204);
});

// from examples/demo-api/src/routes/users.js
router.delete('/me', async (req, res) => {
  try {
    await db.query('DELETE FROM users WHERE id = $1', [req.user.sub]);
  } catch (err) { // ruleid: swallowed-error-success
    console.error('delete failed', err);
  }
  res.json({ deleted: true, success: true });
});
