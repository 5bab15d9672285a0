/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule jwt-unpinned-algorithm: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
var jwt = require('jsonwebtoken');

// from test/engines/static/fixtures/library/jwt.js
module.exports = function middleware(options) {
  return function (req, res, next) {
    var token = (req.headers.authorization || '').split(' ')[1];
    jwt.verify(token, options.secret, options, function (err, decoded) { // ruleid: jwt-unpinned-algorithm
      if (err) return next(err);
      req.user = decoded;
      next();
    });
  };
};
