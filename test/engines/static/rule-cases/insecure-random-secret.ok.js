/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rules insecure-random-secret, weak-password-hash: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const crypto = require('crypto');
const bcrypt = require('bcrypt');
const md5 = require('md5');
const colour = '#' + Math.floor(Math.random() * 0xffffff).toString(16);
const elementId = 'tooltip-' + Math.random().toString(36).slice(2);
const sessionId = crypto.randomUUID();

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
async function storePassword(user, password) {
  user.hash = await bcrypt.hash(password, 12);
  const salt = crypto.randomBytes(16);
  // ok: insecure-random-secret, weak-password-hash
  user.scrypt = crypto.scryptSync(password, salt, 64).toString('hex');
  user.pbkdf2 = crypto.pbkdf2Sync(password, salt, 310000, 32, 'sha256').toString('hex');
}

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
function etag(body) {
  // ok: insecure-random-secret, weak-password-hash
  return crypto.createHash('md5').update(body).digest('hex');
}

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
function cacheKey(url, params) {
  // ok: insecure-random-secret, weak-password-hash
  return crypto.createHash('sha1').update(url + JSON.stringify(params)).digest('base64');
}

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
// ok: insecure-random-secret, weak-password-hash
const fileId = (buf) => md5(buf);

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
function totp(secret, counter) {
  // ok: insecure-random-secret, weak-password-hash
  return crypto.createHmac('sha1', secret).update(counter).digest();
}

// from test/engines/static/fixtures/crypto/decoys.js (a decoy)
function headingHash(compass) {
  // ok: insecure-random-secret, weak-password-hash
  return crypto.createHash('md5').update(compass).digest('hex');
}
