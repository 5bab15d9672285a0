// Admin diagnostics.
const { exec, execFile } = require('child_process');
const express = require('express');

const router = express.Router();
const TOOLS = new Set(['uptime', 'df', 'free']);

router.get('/ping', (req, res) => {
  exec(`ping -c 1 ${req.query.host}`, (err, stdout) => { // expect: command-injection
    res.type('text/plain').send(err ? String(err) : stdout);
  });
});

// Decoy: a literal command.
router.get('/status', (req, res) => {
  exec('git rev-parse HEAD', (err, stdout) => res.json({ commit: stdout.trim() }));
});

// Decoy: an allow-listed tool, no shell.
router.get('/tool/:name', (req, res) => {
  if (!TOOLS.has(req.params.name)) return res.status(400).end();
  execFile(req.params.name, [], (err, stdout) => res.type('text/plain').send(stdout));
});

// Decoy: only a number reaches the shell.
router.get('/port/:n', (req, res) => {
  const port = Number.parseInt(req.params.n, 10);
  exec(`ss -ltn sport = :${port}`, (err, stdout) => res.type('text/plain').send(stdout));
});

module.exports = router;
