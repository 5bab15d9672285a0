/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule command-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const { exec, execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const net = require('net');
const jobs = require('./local-jobs');
const REPORTS = '/srv/reports';

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
jobs.process((job) => {
  // ok: command-injection
  execSync('tar -czf /tmp/out.tgz ' + job.files.join(' '));
});

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
net.createServer((socket) => {
  // ok: command-injection
  exec('logger connection from ' + socket.remoteAddress);
});

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
function handler(event) {
  // ok: command-injection
  execSync('backup --name ' + event.name);
}

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
exports.submitHandler = function (e) {
  // ok: command-injection
  execSync('notify ' + e.label);
};

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
exports.handler = async (event) => {
  const region = process.env.AWS_REGION;
  // ok: command-injection
  exec('aws s3 ls --region ' + region);
  return { statusCode: 200, body: JSON.stringify({ ok: event.requestContext ? 1 : 0 }) };
};

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
function respond(ctx) {
  ctx.body = 'report';
  // ok: command-injection
  return fs.readFileSync(path.join(REPORTS, ctx.body));
}
