/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule async-promise-executor: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function importAll(users) {
  for (const u of users) await saveUser(u);
  // ok: async-promise-executor
  await Promise.all(users.map(async (u) => saveUser(u)));
  users.forEach((u) => console.log(u.name));
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
function later(ms) {
  // ok: async-promise-executor
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
// ok: async-promise-executor
router.post('/users', async (req, res) => {
  await saveUser(req.body);
  res.status(201).json({ ok: true });
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function saveUser(user) {
  // ok: async-promise-executor
  await db.insert('users', user);
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
router.post('/audit', (req, res) => {
  // ok: async-promise-executor
  saveUser(req.body).catch((err) => console.error(err));
  void saveUser(req.body);
  res.end();
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
router.get('/profile', (req, res) => {
  // ok: async-promise-executor
  return fetch('https://api.example.com/me').then((r) => r.json()).then((p) => res.json(p), (e) => res.status(502).end());
});
