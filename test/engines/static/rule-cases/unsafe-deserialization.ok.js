/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule unsafe-deserialization: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const express = require('express');
const phpFormat = require('php-serialize');
const nodeSerialize = require('node-serialize');
const app = express();
const yaml = require('js-yaml');
const fs = require('fs');
const settings = yaml.load(fs.readFileSync(__dirname + '/settings.yml', 'utf8'), { schema: yaml.DEFAULT_FULL_SCHEMA });

// from test/engines/static/fixtures/deserialize/decoys.js (a decoy)
app.post('/prefs', (req, res) => {
  const prefs = JSON.parse(req.body.prefs);
  // ok: unsafe-deserialization
  const legacy = phpFormat.unserialize(req.body.legacy);
  res.json({ prefs, legacy });
});

// from test/engines/static/fixtures/deserialize/decoys.js (a decoy)
app.get('/defaults', (req, res) => {
  // A fixed string and a value the server serialised itself.
  // ok: unsafe-deserialization
  const defaults = nodeSerialize.unserialize('{"theme":"dark"}');
  const saved = nodeSerialize.serialize({ user: req.query.user });
  res.json({ defaults, saved });
});

// from test/engines/static/fixtures/deserialize/decoys.js (a decoy)
function restoreSession(store, id) {
  // Not exported: only this file's callers, which pass stored data.
  // ok: unsafe-deserialization
  return nodeSerialize.unserialize(store.get(id));
}

// from test/engines/static/fixtures/deserialize/yaml-decoys.js (a decoy)
app.post('/config', (req, res) => {
  // ok: unsafe-deserialization
  res.json(yaml.load(req.body));
});

// from test/engines/static/fixtures/deserialize/yaml-decoys.js (a decoy)
app.post('/legacy', (req, res) => {
  // ok: unsafe-deserialization
  res.json(yaml.safeLoad(req.body.doc));
});

// from test/engines/static/fixtures/deserialize/yaml-decoys.js (a decoy)
app.post('/json-schema', (req, res) => {
  // ok: unsafe-deserialization
  res.json(yaml.load(req.body, { schema: yaml.JSON_SCHEMA }));
});
