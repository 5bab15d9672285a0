/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule insecure-random-secret: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const crypto = require('crypto');
const md5 = require('md5');
const sha1 = require('sha1');
const CryptoJS = require('crypto-js');

// from test/engines/static/fixtures/crypto/bugs.js
function generateToken() {
  return Math.random().toString(36).slice(2); // ruleid: insecure-random-secret
}

// from test/engines/static/fixtures/crypto/bugs.js
function createSession(user) {
  const sessionId = Math.floor(Math.random() * 1e16).toString(16); // ruleid: insecure-random-secret
  return { user, sessionId };
}

// from test/engines/static/fixtures/crypto/bugs.js
function resetLink(user) {
  user.resetToken = Math.random().toString(36).substring(2, 15); // ruleid: insecure-random-secret
  return '/reset?token=' + user.resetToken;
}

// from test/engines/static/fixtures/crypto/bugs.js
function randomPassword(length) {
  let out = '';
  for (let i = 0; i < length; i++) out += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]; // ruleid: insecure-random-secret
  return out;
}
