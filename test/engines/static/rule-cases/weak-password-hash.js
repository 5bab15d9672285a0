/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule weak-password-hash: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const crypto = require('crypto');
const md5 = require('md5');
const sha1 = require('sha1');
const CryptoJS = require('crypto-js');
const apiKey = `key_${Math.random().toString(16).slice(2)}`;

// from test/engines/static/fixtures/crypto/bugs.js
function hashPassword(password) {
  return crypto.createHash('md5').update(password).digest('hex'); // ruleid: weak-password-hash
}

// from test/engines/static/fixtures/crypto/bugs.js
function register(req) {
  const h = crypto.createHash('sha1');
  h.update(req.body.password); // ruleid: weak-password-hash
  return h.digest('hex');
}

// from test/engines/static/fixtures/crypto/bugs.js
function legacyHash(newPassword) {
  return sha1(newPassword + 'static-salt'); // ruleid: weak-password-hash
}

// from test/engines/static/fixtures/crypto/bugs.js
function browserHash(form) {
  return CryptoJS.MD5(form.userPassword).toString(); // ruleid: weak-password-hash
}
