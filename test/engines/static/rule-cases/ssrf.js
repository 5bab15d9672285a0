/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule ssrf: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const http = require('http');
const axios = require('axios');
const got = require('got');
const needle = require('needle');
const superagent = require('superagent');
const fetchUrl = require('request');
const { request: undiciRequest } = require('undici');
const app = require('express')();

// from test/engines/static/fixtures/ssrf/bugs.js
app.get('/fetch', async (req, res) => {
  const page = await fetch(req.query.src); // ruleid: ssrf
  res.send(await page.text());
});

// from test/engines/static/fixtures/ssrf/bugs.js
app.post('/import', async (req, res) => {
  const { data } = await axios.get(req.body.source); // ruleid: ssrf
  res.json(data);
});

// from test/engines/static/fixtures/ssrf/bugs.js
app.post('/webhook-test', async (req, res) => {
  await axios({ method: 'post', url: req.body.callback, data: { ok: true } }); // ruleid: ssrf
  res.end();
});

// from test/engines/static/fixtures/ssrf/bugs.js
app.get('/avatar', (req, res) => {
  http.get({ host: req.query.server, path: '/avatar.png' }, (up) => up.pipe(res)); // ruleid: ssrf
});
