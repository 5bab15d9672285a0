// Reads the caller's identity from the bearer token for the internal gateway.
const jwt = require('jsonwebtoken');

function bearer(req) {
  const header = req.headers.authorization || '';
  return header.startsWith('Bearer ') ? header.slice(7) : '';
}

// The upstream services trust req.identity for authorisation.
function identify(req, res, next) {
  const claims = jwt.decode(bearer(req));
  if (!claims) return res.status(401).end();
  req.identity = { user: claims.sub, roles: claims.roles || [] };
  next();
}

module.exports = { identify, bearer };
