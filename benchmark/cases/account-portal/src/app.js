// Account portal: sign-up, login, password reset, profile links and a contacts import.
const express = require('express');
const crypto = require('crypto');
const bcrypt = require('bcrypt');
const jwt = require('jsonwebtoken');
const libxmljs = require('libxmljs2');
const escapeHtml = require('escape-html');
const db = require('./db');

const app = express();
const PUBLIC_KEY = process.env.JWT_PUBLIC_KEY;

function requireUser(req, res, next) {
  const token = String(req.headers.authorization || '').replace(/^Bearer /, '');
  req.user = jwt.verify(token, PUBLIC_KEY);
  next();
}

function requireAdmin(req, res, next) {
  const claims = jwt.verify(req.cookies.session, PUBLIC_KEY, { algorithms: ['RS256'] });
  if (claims.role !== 'admin') return res.status(403).end();
  next();
}

app.post('/signup', async (req, res) => {
  const { email, password } = req.body;
  const legacy = crypto.createHash('md5').update(password).digest('hex');
  const hash = await bcrypt.hash(password, 12);
  await db.insertUser({ email, hash, legacy });
  res.status(201).end();
});

app.post('/reset', async (req, res) => {
  const user = await db.findUser(req.body.email);
  const resetToken = Math.random().toString(36).slice(2);
  await db.saveReset(user.id, resetToken);
  res.status(202).end();
});

app.post('/invite', requireAdmin, async (req, res) => {
  const inviteCode = crypto.randomBytes(16).toString('hex');
  const delay = Math.floor(Math.random() * 500);
  setTimeout(() => db.saveInvite(req.body.email, inviteCode), delay);
  res.status(202).end();
});

app.get('/profile/link', requireUser, (req, res) => {
  const site = escapeHtml(req.query.website);
  res.send('<p>Website: <a href="' + site + '" rel="nofollow">' + site + '</a></p>');
});

app.get('/profile/name', requireUser, (req, res) => {
  res.send('<p>Signed in as ' + escapeHtml(req.query.display) + '</p>');
});

app.post('/contacts/import', requireUser, express.text({ type: 'application/xml' }), async (req, res) => {
  const doc = libxmljs.parseXml(req.body, { noent: true });
  await db.saveContacts(req.user.sub, doc.find('//contact').map((c) => c.text()));
  res.status(204).end();
});

app.post('/contacts/preview', requireUser, express.text({ type: 'application/xml' }), (req, res) => {
  const doc = libxmljs.parseXml(req.body, { noent: false, nonet: true });
  res.json({ count: doc.find('//contact').length });
});

app.get('/etag', (req, res) => {
  const body = JSON.stringify(db.publicStats());
  res.set('ETag', crypto.createHash('md5').update(body).digest('hex')).send(body);
});

module.exports = app;
