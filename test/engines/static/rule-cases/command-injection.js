/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule command-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const fs = require('fs');
const path = require('path');
const http = require('http');
const url = require('url');
const { exec } = require('child_process');
const Router = require('@koa/router');
const fastify = require('fastify')();
const LOGS = '/var/log/app';
const router = new Router();

// from test/engines/static/fixtures/flow/bugs.js
http.createServer((req, res) => {
  exec('nslookup HOST'.replace('HOST', req.query.name), (e, out) => res.end(out)); // ruleid: command-injection
});

// from test/engines/static/fixtures/flow/bugs.js
http.createServer((req, res) => {
  const job = {};
  job.cmd = 'ping -c 1 ' + req.query.host;
  exec(job.cmd, (e, out) => res.end(out)); // ruleid: command-injection
});
