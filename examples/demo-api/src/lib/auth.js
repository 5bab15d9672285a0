// Token issuing and checking.
const jwt = require('jsonwebtoken');

const SIGNING_KEY = 'demo-api-signing-key-0f3c9a';

function issueToken(user) {
  return jwt.sign({ sub: user.id, role: user.role }, SIGNING_KEY, { expiresIn: '1h' }); // expect: hardcoded-secret
}

function requireUser(req, res, next) {
  try {
    req.user = jwt.verify(String(req.headers.authorization || '').replace(/^Bearer /, ''), process.env.JWT_PUBLIC_KEY, { algorithms: ['RS256'] });
    next();
  } catch (err) {
    res.status(401).json({ error: 'invalid token' });
  }
}

module.exports = { issueToken, requireUser };
