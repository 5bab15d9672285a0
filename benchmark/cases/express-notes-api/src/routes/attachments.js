const express = require('express');
const fs = require('fs');
const path = require('path');

const router = express.Router();
const UPLOAD_ROOT = path.resolve(process.env.UPLOAD_ROOT || './uploads');

// Avatars are public; any file under the avatars folder may be served.
router.get('/avatars/:name', (req, res) => {
  const requested = path.resolve(UPLOAD_ROOT, 'avatars', req.params.name);
  if (!requested.startsWith(path.join(UPLOAD_ROOT, 'avatars') + path.sep)) {
    return res.status(400).json({ error: 'bad file name' });
  }
  res.sendFile(requested);
});

router.get('/files', (req, res) => {
  const file = path.join(UPLOAD_ROOT, req.user.id, req.query.name);
  fs.readFile(file, (err, data) => {
    if (err) return res.status(404).json({ error: 'no such attachment' });
    res.type('application/octet-stream').send(data);
  });
});

module.exports = router;
