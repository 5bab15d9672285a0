/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule open-redirect: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const http = require('http');
const url = require('url');
const { exec } = require('child_process');
function Server() {}
const app = require('express')();
const TOOLS = ['ping', 'traceroute'];
const router = require('express').Router();

// from test/engines/static/fixtures/flow/bugs.js
Server.prototype.index = function (req, res) {
  res.statusCode = 301;
  res.setHeader('location', req.target + '/'); // ruleid: open-redirect
  res.end();
};

// from test/engines/static/fixtures/guards/bugs.js
app.get('/go', (req, res) => {
  const to = req.query.to;
  let loc = to;
  if (to === 'back') {
    loc = req.get('Referrer') || '/';
  }
  res.redirect(loc); // ruleid: open-redirect
});

// from test/engines/static/fixtures/redirect/bugs.js
router.get('/return', (req, res) => {
  res.redirect(req.query.returnTo); // ruleid: open-redirect
});

// from test/engines/static/fixtures/redirect/bugs.js
function serve(req, res) {
  res.statusCode = 301;
  res.setHeader('Location', req.url + '/'); // ruleid: open-redirect
  res.end();
}
