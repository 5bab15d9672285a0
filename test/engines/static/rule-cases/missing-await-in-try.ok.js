/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule missing-await-in-try: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();

// from test/engines/static/fixtures/async/decoys.js (a decoy)
// ok: missing-await-in-try
router.post('/users', async (req, res) => {
  await saveUser(req.body);
  res.status(201).json({ ok: true });
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
router.get('/profile', (req, res) => {
  // ok: missing-await-in-try
  return fetch('https://api.example.com/me').then((r) => r.json()).then((p) => res.json(p), (e) => res.status(502).end());
});

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function getUser(id) {
  try {
    // ok: missing-await-in-try
    return await fetch(`https://api.example.com/users/${id}`);
  } catch (err) {
    return null;
  }
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function saveUser(user) {
  // ok: missing-await-in-try
  await db.insert('users', user);
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
async function importAll(users) {
  // ok: missing-await-in-try
  for (const u of users) await saveUser(u);
  await Promise.all(users.map(async (u) => saveUser(u)));
  users.forEach((u) => console.log(u.name));
}

// from test/engines/static/fixtures/async/decoys.js (a decoy)
function later(ms) {
  // ok: missing-await-in-try
  return new Promise((resolve) => setTimeout(resolve, ms));
}
