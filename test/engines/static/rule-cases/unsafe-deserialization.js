/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule unsafe-deserialization: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const express = require('express');
const codec = require('node-serialize');
const { unserialize: revive } = require('node-serialize');
const toJs = require('serialize-to-js');
const app = express();
const yaml = require('js-yaml');
const { load, DEFAULT_FULL_SCHEMA } = require('js-yaml');
const FULL = { schema: DEFAULT_FULL_SCHEMA, filename: 'upload.yml' };

// from test/engines/static/fixtures/deserialize/bugs.js
app.post('/profile', (req, res) => {
  const cookie = Buffer.from(req.cookies.profile, 'base64').toString();
  const profile = codec.unserialize(cookie); // ruleid: unsafe-deserialization
  res.json(profile);
});

// from test/engines/static/fixtures/deserialize/bugs.js
app.post('/import', (req, res) => {
  const state = revive(req.body.state); // ruleid: unsafe-deserialization
  res.json(state);
});

// from test/engines/static/fixtures/deserialize/bugs.js
app.put('/import', (req, res) => {
  res.json(toJs.deserialize(req.body.extra)); // ruleid: unsafe-deserialization
});

// from test/engines/static/fixtures/deserialize/yaml-bugs.js
app.post('/import', (req, res) => {
  const doc = yaml.load(req.body, { schema: yaml.DEFAULT_FULL_SCHEMA }); // ruleid: unsafe-deserialization
  res.json(Object.keys(doc));
});
