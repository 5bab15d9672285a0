/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule jwt-decode-unverified: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const jwt = require('jsonwebtoken');

// from test/engines/static/fixtures/jwt/decode-only.js
module.exports = function requireUser(req, res, next) {
  const token = req.headers.authorization.replace('Bearer ', '');
  const payload = jwt.decode(token); // ruleid: jwt-decode-unverified
  if (!payload) return res.status(401).end();
  req.user = payload;
  next();
};

// from test/engines/static/fixtures/jwt/decode-only.js
module.exports.koaAdmin = async function koaAdmin(ctx, next) {
  const claims = jwt.decode(ctx.headers['x-access-token']); // ruleid: jwt-decode-unverified
  if (claims && claims.role === 'admin') return next();
  ctx.status = 403;
};
