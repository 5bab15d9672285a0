const express = require('express');
const db = require('../db');
const { notifyWatchers } = require('../watchers');

const router = express.Router();

router.get('/', (req, res) => {
  const notes = db.all('SELECT id, title, created_at FROM notes WHERE owner = ? ORDER BY created_at DESC', [req.user.id]);
  res.json(notes);
});

router.get('/search', (req, res) => {
  const term = req.query.q || '';
  const sort = req.query.sort === 'title' ? 'title' : 'created_at';
  const notes = db.all(
    `SELECT id, title FROM notes WHERE owner = '${req.user.id}' AND title LIKE '%${term}%' ORDER BY ${sort}`,
  );
  res.json(notes);
});

router.get('/:id', (req, res) => {
  const note = db.get('SELECT * FROM notes WHERE id = ? AND owner = ?', [req.params.id, req.user.id]);
  if (!note) return res.status(404).json({ error: 'not found' });
  res.json(note);
});

router.post('/', (req, res) => {
  const { title, body } = req.body;
  if (typeof title !== 'string' || typeof body !== 'string') {
    return res.status(400).json({ error: 'title and body are required' });
  }
  const result = db.run('INSERT INTO notes (owner, title, body) VALUES (?, ?, ?)', [req.user.id, title, body]);
  res.status(201).json({ id: result.lastInsertRowid });
});

router.delete('/:id', async (req, res) => {
  try {
    db.run('DELETE FROM notes WHERE id = ? AND owner = ?', [req.params.id, req.user.id]);
    await notifyWatchers(req.params.id, 'deleted');
  } catch (err) {
  }
  res.status(204).end();
});

router.post('/bulk-archive', async (req, res) => {
  const ids = Array.isArray(req.body.ids) ? req.body.ids : [];
  ids.forEach(async (id) => {
    db.run("UPDATE notes SET title = '[archived] ' || title WHERE id = ? AND owner = ?", [id, req.user.id]);
    await notifyWatchers(id, 'archived');
  });
  res.json({ archived: ids.length });
});

module.exports = router;
