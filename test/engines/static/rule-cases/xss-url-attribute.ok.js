/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xss-url-attribute: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const escapeHtml = require('escape-html');
const he = require('he');
const _ = require('lodash');
const validator = require('validator');
const app = require('express')();
function encodeEntities(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
function sanitizeMarkup(text) {
  return String(text).replace(/[<>&"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
}

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/hello', (req, res) => {
  // ok: xss-url-attribute
  res.send('<h1>Hello ' + escapeHtml(req.query.who) + '</h1>');
});

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/he', (req, res) => {
  // ok: xss-url-attribute
  res.send(`<p>${he.encode(req.query.term)}</p>`);
});

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/lodash', (req, res) => {
  const label = _.escape(req.params.label);
  // ok: xss-url-attribute
  res.send(`<b>${label}</b>`);
});

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/validator', (req, res) => {
  res.write('<em>' + validator.escape(req.body.note) + '</em>');
  // ok: xss-url-attribute
  res.end();
});

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/local', (req, res) => {
  // ok: xss-url-attribute
  res.end('<li>' + encodeEntities(req.query.item) + '</li>');
});

// from test/engines/static/fixtures/xss/decoys.js (a decoy)
app.get('/sanitized', (req, res) => {
  // ok: xss-url-attribute
  res.send(`<div>${sanitizeMarkup(req.headers['user-agent'])}</div>`);
});
