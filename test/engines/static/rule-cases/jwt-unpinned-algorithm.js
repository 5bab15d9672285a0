/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule jwt-unpinned-algorithm: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');
const KEY = process.env.JWT_PUBLIC_KEY;
const NONE_OK = { algorithms: ['RS256', 'none'] };
const crypto = require('crypto');
const config = {
  password: process.env.DB_PASSWORD,
  passwordField: 'password',
};
const form = { label: 'Password', placeholder: 'your-password' };

// from test/engines/static/fixtures/jwt/bugs.js
function authenticate(req, res, next) {
  req.user = jwt.verify(req.headers.authorization.slice(7), KEY); // ruleid: jwt-unpinned-algorithm
  next();
}

// from test/engines/static/fixtures/jwt/bugs.js
function session(token, cb) {
  jwt.verify(token, KEY, { audience: 'web', maxAge: '2h' }, cb); // ruleid: jwt-unpinned-algorithm
}

// from test/engines/static/fixtures/jwt/bugs.js
function lenient(token) {
  return jwt.verify(token, KEY, NONE_OK); // ruleid: jwt-unpinned-algorithm
}

// from test/engines/static/fixtures/secrets/decoys.js
function verify(token, key) {
  return jwt.verify(token, key); // ruleid: jwt-unpinned-algorithm
}
