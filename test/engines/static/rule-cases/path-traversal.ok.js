/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule path-traversal: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const { exec, execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const net = require('net');
const jobs = require('./local-jobs');
const REPORTS = '/srv/reports';
const amqp = require('amqplib');
const Queue = require('bull');
const ALLOWED = new Set(['thumbnail', 'preview']);
const thumbnails = new Queue('thumbnails');
const router = require('express').Router();
const run = require('child_process').execFile;
const util = require('util');
const readFileP = util.promisify(require('fs').readFile);
const PATTERN = /^[a-z]+$/;
const { runInNewContext } = require('node:vm');
const { Script } = require('./templates');

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
jobs.process((job) => {
  // ok: path-traversal
  execSync('tar -czf /tmp/out.tgz ' + job.files.join(' '));
});

// from test/engines/static/fixtures/frameworks/decoys.js (a decoy)
function respond(ctx) {
  ctx.body = 'report';
  // ok: path-traversal
  return fs.readFileSync(path.join(REPORTS, ctx.body));
}

// from test/engines/static/fixtures/frameworks/queue-decoys.js (a decoy)
async function main() {
  const channel = await (await amqp.connect('amqp://localhost')).createChannel();
  channel.consume('resize', (msg) => {
    // ok: path-traversal
    const { kind } = JSON.parse(msg.content.toString());
    if (!ALLOWED.has(kind)) return channel.nack(msg);
    execSync('resize --kind ' + kind);
  });
}

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/ls', (req, res) => {
  // ok: path-traversal
  run('ls', ['-la', req.query.dir], (err, out) => res.send(out));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/file', async (req, res) => {
  // ok: path-traversal
  res.send(await readFileP('/etc/motd', 'utf8'));
});

// from test/engines/static/fixtures/injection/alias-decoys.js (a decoy)
router.get('/template', (req, res) => {
  // ok: path-traversal
  res.send(new Script(req.query.name).render());
});
