// File downloads and uploads management.
const fs = require('fs');
const path = require('path');
const express = require('express');

const router = express.Router();
const UPLOADS = path.resolve(__dirname, '..', '..', 'uploads');

// Download an uploaded file by name.
router.get('/download', (req, res) => {
  const target = path.join(UPLOADS, req.query.name);
  fs.readFile(target, (err, data) => { // expect: path-traversal
    if (err) return res.status(404).end();
    res.type('application/octet-stream').send(data);
  });
});

// Decoy: the same download, normalised and contained.
router.get('/preview', (req, res) => {
  const target = path.resolve(UPLOADS, String(req.query.name));
  if (!target.startsWith(UPLOADS + path.sep)) return res.status(403).end();
  fs.readFile(target, (err, data) => (err ? res.status(404).end() : res.send(data)));
});

// Decoy: express's `root` option confines the path.
router.get('/raw/:name', (req, res) => {
  res.sendFile(req.params.name, { root: UPLOADS });
});

module.exports = router;
