/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xss-url-attribute: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const escapeHtml = require('escape-html');
const he = require('he');
const app = require('express')();

// from test/engines/static/fixtures/xss/url-attribute.js
app.get('/go', (req, res) => {
  const target = escapeHtml(req.query.next);
  res.send('<p>Continue to <a href="' + target + '">' + target + '</a></p>'); // ruleid: xss-url-attribute
});

// from test/engines/static/fixtures/xss/url-attribute.js
app.get('/avatar', (req, res) => {
  res.end(`<img src="${he.encode(req.query.img)}" alt="avatar">`); // ruleid: xss-url-attribute
});

// from test/engines/static/fixtures/xss/url-attribute.js
function redirectPage(res) {
  const loc = this.req.originalUrl + '/';
  const doc = '<!DOCTYPE html><body>Redirecting to <a href=\'' + escapeHtml(loc) + '\'>' + escapeHtml(loc) + '</a></body>'; // ruleid: xss-url-attribute
  res.statusCode = 301;
  res.end(doc);
}
