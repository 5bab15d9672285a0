/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule open-redirect: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const http = require('http');
const BASE = path.resolve('public');
const { exec } = require('child_process');
function under(p) {
  return path.join(BASE, p);
}
const app = require('express')();
const ROOT = path.resolve('public');
const TOOLS = ['ping', 'traceroute'];
const router = require('express').Router();
const url = require('url');
const ALLOWED = new Set(['/home', '/account']);

// from test/engines/static/fixtures/flow/decoys.js (a decoy)
http.createServer((req, res) => {
  // ok: open-redirect
  res.setHeader('x-file', under(req.url));
  res.end(fs.readFileSync(under('index.html')));
});

// from test/engines/static/fixtures/guards/decoys.js (a decoy)
app.get('/home', (req, res) => {
  const to = req.query.to;
  if (to === '/dashboard' || to === '/settings') {
    // ok: open-redirect
    res.redirect(to);
  } else {
    res.redirect('/');
  }
});

// from test/engines/static/fixtures/redirect/decoys.js (a decoy)
router.get('/login', (req, res) => {
  // ok: open-redirect
  res.redirect('/login');
});

// from test/engines/static/fixtures/redirect/decoys.js (a decoy)
router.get('/next', (req, res) => {
  const next = req.query.next;
  // ok: open-redirect
  if (!ALLOWED.has(next)) return res.redirect('/');
  res.redirect(next);
});

// from test/engines/static/fixtures/redirect/decoys.js (a decoy)
router.get('/local', (req, res) => {
  const to = String(req.query.to);
  if (!to.startsWith('/') || to.startsWith('//')) return res.status(400).end();
  // ok: open-redirect
  res.redirect(to);
});

// from test/engines/static/fixtures/redirect/decoys.js (a decoy)
router.get('/items/:id', (req, res) => {
  // ok: open-redirect
  res.setHeader('Location', '/items/' + req.params.id + '/');
  res.statusCode = 301;
  res.end();
});
