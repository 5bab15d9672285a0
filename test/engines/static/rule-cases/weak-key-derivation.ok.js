/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule weak-key-derivation: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const crypto = require('crypto');
const bcrypt = require('bcrypt');
const md5 = require('md5');
const colour = '#' + Math.floor(Math.random() * 0xffffff).toString(16);
const elementId = 'tooltip-' + Math.random().toString(36).slice(2);
const sessionId = crypto.randomUUID();
var PBKDF2 = Base.extend({
  cfg: Base.extend({ keySize: 256 / 32, hasher: SHA256, iterations: 250000 }),
});
const key = CryptoJS.PBKDF2(password, salt, { keySize: 8, iterations: 600000, hasher: CryptoJS.algo.SHA256 });
const retryPolicy = { iterations: 1, delayMs: 200 };
const boundaryIndex = Math.floor(Math.random() * 10);
let random;
const multipartBoundary = `----formdata-0${`${random(1e11)}`.padStart(11, '0')}`;

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
async function storePassword(user, password) {
  user.hash = await bcrypt.hash(password, 12);
  const salt = crypto.randomBytes(16);
  // ok: weak-key-derivation
  user.scrypt = crypto.scryptSync(password, salt, 64).toString('hex');
  user.pbkdf2 = crypto.pbkdf2Sync(password, salt, 310000, 32, 'sha256').toString('hex');
}

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
function newToken() {
  // ok: weak-key-derivation
  return crypto.randomBytes(32).toString('hex');
}

// from test/engines/static/fixtures/crypto/kdf-decoys.js (a decoy)
function deriveKey(password, salt) {
  // ok: weak-key-derivation
  return crypto.pbkdf2Sync(password, salt, 310000, 32, 'sha256');
}

// from test/engines/static/fixtures/crypto/kdf-decoys.js (a decoy)
function deriveFromConfig(password, salt, config) {
  // ok: weak-key-derivation
  return crypto.pbkdf2Sync(password, salt, config.iterations, 32, 'sha512');
}

// from test/engines/static/fixtures/crypto/kdf-decoys.js (a decoy)
function makeBoundary() {
  // ok: weak-key-derivation
  return '----form-' + crypto.randomBytes(12).toString('hex');
}

// from test/engines/static/fixtures/crypto/kdf-decoys.js (a decoy)
function generateId() {
  // ok: weak-key-derivation
  return 'tip-' + Math.random().toString(36).slice(2);
}
