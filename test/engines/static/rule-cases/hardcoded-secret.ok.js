/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule hardcoded-secret: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');
const crypto = require('crypto');
const config = {
  password: process.env.DB_PASSWORD,
  passwordField: 'password',
};
const form = { label: 'Password', placeholder: 'your-password' };

// from test/engines/static/fixtures/secrets/decoys.js (a decoy)
function issue(user) {
  // ok: hardcoded-secret
  return jwt.sign({ sub: user.id }, process.env.JWT_SECRET, { expiresIn: '1h' });
}

// from test/engines/static/fixtures/secrets/decoys.js (a decoy)
// ok: hardcoded-secret
function verify(token, key) {
  return jwt.verify(token, key);
}

// from test/engines/static/fixtures/secrets/decoys.js (a decoy)
// ok: hardcoded-secret
function digest(body) {
  return crypto.createHash('sha256').update(body).digest('hex');
}

// from test/engines/static/fixtures/secrets/decoys.js (a decoy)
function hmac(body, secret) {
  // ok: hardcoded-secret
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

// from test/engines/static/fixtures/secrets/decoys.js (a decoy)
function connect(mysql) {
  // ok: hardcoded-secret
  return mysql.createConnection({ host: 'localhost', user: 'root', password: '' });
}
