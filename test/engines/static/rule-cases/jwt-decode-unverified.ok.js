/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule jwt-decode-unverified: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');
const { verify } = require('jsonwebtoken');
const jose = require('jose');
const PUBLIC_KEY = process.env.JWT_PUBLIC_KEY;
const VERIFY_OPTIONS = { algorithms: ['HS256'], audience: 'api' };
const signer = require('./signer');

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function keyId(req) {
  // ok: jwt-decode-unverified
  const { header } = jwt.decode(req.headers.authorization.slice(7), { complete: true });
  return header.kid;
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function authenticate(req, res, next) {
  // ok: jwt-decode-unverified
  req.user = jwt.verify(req.headers.authorization.slice(7), PUBLIC_KEY, { algorithms: ['RS256'] });
  next();
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function checkToken(token, cb) {
  // ok: jwt-decode-unverified
  jwt.verify(token, process.env.JWT_SECRET, VERIFY_OPTIONS, cb);
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
// ok: jwt-decode-unverified
const claims = (token) => verify(token, PUBLIC_KEY, { algorithms: ['ES256'], maxAge: '1h' });

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function verifyWith(token, key, options) {
  // ok: jwt-decode-unverified
  return jwt.verify(token, key, options);
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
async function joseVerify(token, key) {
  // ok: jwt-decode-unverified
  return jose.jwtVerify(token, key);
}
