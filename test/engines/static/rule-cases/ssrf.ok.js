/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule ssrf: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const https = require('https');
const axios = require('axios');
const got = require('got');
const fetchRemote = require('node-fetch');
const router = require('express').Router();
const PERMITTED_HOSTS = new Set(['images.example.com', 'cdn.example.com']);

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
// ok: ssrf
router.get('/status', async (req, res) => {
  const reply = await axios.get('https://status.example.com/health');
  res.json(reply.data);
});

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
// ok: ssrf
router.get('/mirror', async (req, res) => {
  const host = req.query.host;
  if (!PERMITTED_HOSTS.has(host)) return res.status(400).end();
  const body = await got(`https://${host}/thumb.png`).buffer();
  res.send(body);
});

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
// ok: ssrf
router.get('/user/:login', async (req, res) => {
  const r = await fetchRemote('https://api.example.com/users/' + encodeURIComponent(req.params.login));
  res.json(await r.json());
});

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
// ok: ssrf
router.get('/repo', async (req, res) => {
  const r = await fetch(`https://api.example.com/repos/${encodeURIComponent(req.query.owner)}`);
  res.json(await r.json());
});

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
router.post('/hook', async (req, res) => {
  // The client's data is posted to a fixed service: the destination is not the client's.
  await axios.post('https://hooks.example.com/ingest', req.body);
  // ok: ssrf
  await axios({ method: 'post', url: 'https://hooks.example.com/ingest', data: req.body });
  https.request({ hostname: 'hooks.example.com', path: '/ingest', method: 'POST', headers: { 'x-id': req.headers['x-id'] } }).end();
  res.end();
});

// from test/engines/static/fixtures/ssrf/decoys.js (a decoy)
// ok: ssrf
router.get('/preview', async (req, res) => {
  const target = new URL(req.query.link);
  if (target.hostname !== 'docs.example.com') return res.status(403).end();
  const page = await fetch(target);
  res.send(await page.text());
});
