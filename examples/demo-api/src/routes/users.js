// User search, profile and account deletion.
const express = require('express');
const db = require('../lib/db');
const { mergeSettings } = require('../lib/merge');

const router = express.Router();

router.get('/search', async (req, res) => {
  const sql = "SELECT id, name FROM users WHERE name LIKE '%" + req.query.q + "%'";
  const { rows } = await db.query(sql); // expect: sql-injection
  res.json(rows);
});

// Decoy: parameterised query.
router.get('/:id', async (req, res) => {
  const { rows } = await db.query('SELECT id, name FROM users WHERE id = $1', [req.params.id]);
  if (rows.length === 0) return res.status(404).end();
  res.json(rows[0]);
});

router.patch('/me/settings', async (req, res) => {
  const { rows } = await db.query('SELECT settings FROM users WHERE id = $1', [req.user.sub]);
  const settings = mergeSettings(rows[0].settings, req.body);
  await db.query('UPDATE users SET settings = $1 WHERE id = $2', [settings, req.user.sub]);
  res.json(settings);
});

router.delete('/me', async (req, res) => {
  try {
    await db.query('DELETE FROM users WHERE id = $1', [req.user.sub]);
  } catch (err) { // expect: swallowed-error-success
    console.error('delete failed', err);
  }
  res.json({ deleted: true, success: true });
});

// Decoy: the error is answered with a 500.
router.delete('/me/sessions', async (req, res) => {
  try {
    await db.query('DELETE FROM sessions WHERE user_id = $1', [req.user.sub]);
  } catch (err) {
    console.error(err);
    return res.status(500).json({ error: 'could not delete sessions' });
  }
  res.json({ success: true });
});

module.exports = router;
