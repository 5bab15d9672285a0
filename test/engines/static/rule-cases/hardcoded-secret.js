/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule hardcoded-secret: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');
const crypto = require('crypto');
const session = require('express-session');
const mysql = require('mysql2');
const JWT_SECRET = 's3cr3t-signing-key-2024';
const app = require('express')();
const SIGNING_KEY = 'demo-api-signing-key-0f3c9a';

// from test/engines/static/fixtures/secrets/bugs.js
function issue(user) {
  return jwt.sign({ sub: user.id }, JWT_SECRET, { expiresIn: '1h' }); // ruleid: hardcoded-secret
}

// from test/engines/static/fixtures/secrets/bugs.js
function signWebhook(body) {
  return crypto.createHmac('sha256', 'whsec_9f8a7b6c5d4e3f2a1b0c').update(body).digest('hex'); // ruleid: hardcoded-secret
}

// from test/engines/static/fixtures/secrets/bugs.js
const pool = mysql.createPool({
  host: 'db.internal',
  user: 'app',
  password: 'Pr0duction!Passw0rd', // ruleid: hardcoded-secret
});

// from examples/demo-api/src/lib/auth.js
function issueToken(user) {
  return jwt.sign({ sub: user.id, role: user.role }, SIGNING_KEY, { expiresIn: '1h' }); // ruleid: hardcoded-secret
}
