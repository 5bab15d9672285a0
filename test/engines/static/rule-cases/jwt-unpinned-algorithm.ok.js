/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule jwt-unpinned-algorithm: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');
const { verify } = require('jsonwebtoken');
const jose = require('jose');
const PUBLIC_KEY = process.env.JWT_PUBLIC_KEY;
const VERIFY_OPTIONS = { algorithms: ['HS256'], audience: 'api' };
const signer = require('./signer');

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function authenticate(req, res, next) {
  // ok: jwt-unpinned-algorithm
  req.user = jwt.verify(req.headers.authorization.slice(7), PUBLIC_KEY, { algorithms: ['RS256'] });
  next();
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function checkToken(token, cb) {
  // ok: jwt-unpinned-algorithm
  jwt.verify(token, process.env.JWT_SECRET, VERIFY_OPTIONS, cb);
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
// ok: jwt-unpinned-algorithm
const claims = (token) => verify(token, PUBLIC_KEY, { algorithms: ['ES256'], maxAge: '1h' });

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function verifyWith(token, key, options) {
  // ok: jwt-unpinned-algorithm
  return jwt.verify(token, key, options);
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function keyId(req) {
  // ok: jwt-unpinned-algorithm
  const { header } = jwt.decode(req.headers.authorization.slice(7), { complete: true });
  return header.kid;
}

// from test/engines/static/fixtures/jwt/decoys.js (a decoy)
function verified(req) {
  // ok: jwt-unpinned-algorithm
  return jwt.verify(req.cookies.session, PUBLIC_KEY, { algorithms: ['RS256'] });
}
