'use strict';
const express = require('express');
const { ping } = require('../lib/net');
const status = require('../lib/status');
const logs = require('../lib/logs');
const { archive } = require('../lib/archive');
const tools = require('../lib');

const router = express.Router();

router.get('/ping', (req, res) => {
  ping(req.query.host, (err, out) => res.send(err ? 'unreachable' : out));
});

router.get('/uptime', (req, res) => {
  status.ping('localhost', (err, out) => res.send(err ? 'down' : out));
});

router.get('/logs/:name', (req, res) => {
  res.type('text/plain').send(logs.readLog(req.params.name));
});

router.get('/logs-safe/:name', (req, res) => {
  res.type('text/plain').send(logs.readLogSafe(req.params.name));
});

router.post('/archive', (req, res) => {
  archive(req.body.dir, (err) => res.sendStatus(err ? 500 : 204));
});

router.get('/dns', (req, res) => {
  tools.lookup(req.query.name, (err, out) => res.send(err ? 'unknown' : out));
});

module.exports = router;
