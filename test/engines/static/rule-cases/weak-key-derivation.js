/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule weak-key-derivation: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const crypto = require('crypto');

// from test/engines/static/fixtures/crypto/kdf-bugs.js
var PBKDF2 = C_algo.PBKDF2 = Base.extend({
  cfg: Base.extend({
    keySize: 128 / 32,
    hasher: SHA1,
    iterations: 1 // ruleid: weak-key-derivation
  }),
});

// from test/engines/static/fixtures/crypto/kdf-bugs.js
class PBKDF2Algo extends Base {
  constructor(cfg) {
    super();
    this.cfg = Object.assign(new Base(), { keySize: 128 / 32, hasher: SHA1Algo, iterations: 1 }, cfg); // ruleid: weak-key-derivation
  }
}

// from test/engines/static/fixtures/crypto/kdf-bugs.js
function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 10, 32, 'sha1').toString('hex'); // ruleid: weak-key-derivation
}
