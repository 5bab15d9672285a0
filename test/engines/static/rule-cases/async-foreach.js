/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule async-foreach: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
async function saveUser(user) {
  await db.insert('users', user);
}
const fs = require('fs');
async function notify(user) {
  await mailer.send(user.email);
}

// from test/engines/static/fixtures/async/bugs.js
async function importAll(users) {
  users.forEach(async (u) => { // ruleid: async-foreach
    await saveUser(u);
  });
  return { imported: users.length };
}

// from test/engines/static/fixtures/async/more-bugs.js
async function notifyAll(users) {
  users.forEach(async (user) => { // ruleid: async-foreach
    await notify(user);
  });
  await audit.log('notified');
}
