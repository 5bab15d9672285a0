/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xxe: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const libxmljs = require('libxmljs');
const { parseXml } = require('libxmljs2');
const xml2js = require('xml2js');
const { DOMParser } = require('@xmldom/xmldom');
const app = require('express')();
const TEMPLATE = libxmljs.parseXml('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>', { noent: true });
const schema = libxmljs.parseXml(require('fs').readFileSync(__dirname + '/schema.xsd', 'utf8'), { noent: true });
const other = require('./xml-helpers');

// from test/engines/static/fixtures/xxe/decoys.js (a decoy)
app.post('/plain', (req, res) => {
  // ok: xxe
  const doc = libxmljs.parseXml(req.body);
  res.send(doc.root().name());
});

// from test/engines/static/fixtures/xxe/decoys.js (a decoy)
app.post('/off', (req, res) => {
  // ok: xxe
  const doc = parseXml(req.body.xml, { noent: false, nonet: true });
  res.send(doc.root().text());
});

// from test/engines/static/fixtures/xxe/decoys.js (a decoy)
app.post('/other', (req, res) => {
  // ok: xxe
  res.send(other.parseXml(req.body, { noent: true }).name);
});
