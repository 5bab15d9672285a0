/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule floating-promise: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
async function saveUser(user) {
  await db.insert('users', user);
}

// from test/engines/static/fixtures/async/bugs.js
router.post('/users', (req, res) => {
  saveUser(req.body); // ruleid: floating-promise
  res.status(201).json({ ok: true });
});

// from test/engines/static/fixtures/async/bugs.js
router.get('/profile', async (req, res) => {
  fetch(`https://api.example.com/u/${req.query.id}`).then((r) => r.json()).then((p) => res.json(p)); // ruleid: floating-promise
});
