/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule floating-promise: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();

// from test/engines/static/fixtures/async/decoys.js (a decoy)
// ok: floating-promise
async function saveUser(user) {
  await db.insert('users', user);
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function importAll(users) {
  // ok: floating-promise
  for (const u of users) await saveUser(u);
  await Promise.all(users.map(async (u) => saveUser(u)));
  users.forEach((u) => console.log(u.name));
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
// ok: floating-promise
router.post('/users', async (req, res) => {
  await saveUser(req.body);
  res.status(201).json({ ok: true });
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
router.post('/audit', (req, res) => {
  // ok: floating-promise
  saveUser(req.body).catch((err) => console.error(err));
  void saveUser(req.body);
  res.end();
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
router.get('/profile', (req, res) => {
  // ok: floating-promise
  return fetch('https://api.example.com/me').then((r) => r.json()).then((p) => res.json(p), (e) => res.status(502).end());
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function getUser(id) {
  try {
    // ok: floating-promise
    return await fetch(`https://api.example.com/users/${id}`);
  } catch (err) {
    return null;
  }
}
