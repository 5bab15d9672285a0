/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xxe: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const libxmljs = require('libxmljs');
const libxml2 = require('libxmljs2');
const app = require('express')();
const PARSE_OPTIONS = { noent: true, dtdload: true };

// from test/engines/static/fixtures/xxe/bugs.js
app.post('/import', (req, res) => {
  const doc = libxmljs.parseXml(req.body, { noent: true }); // ruleid: xxe
  res.send(doc.root().text());
});

// from test/engines/static/fixtures/xxe/bugs.js
app.post('/feed', (req, res) => {
  const xml = req.body.toString('utf8');
  const doc = libxml2.parseXmlString(xml, PARSE_OPTIONS); // ruleid: xxe
  res.json({ items: doc.find('//item').length });
});

// from test/engines/static/fixtures/xxe/bugs.js
app.post('/upload', (req, res) => {
  const doc = libxmljs.Document.fromXml(req.files.doc.data.toString(), { noent: true, nonet: false }); // ruleid: xxe
  res.send(doc.root().name());
});
