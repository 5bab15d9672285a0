'use strict';
const express = require('express');
const url = require('url');

const app = express();
const HOME = '/dashboard';
const PARTNERS = new Set(['https://docs.example.com/', 'https://status.example.com/']);

// After login the user goes back where they came from.
app.get('/login/done', (req, res) => {
  res.redirect(req.query.returnTo || HOME);
});

// Partner links are limited to a fixed list.
app.get('/out', (req, res) => {
  const target = req.query.to;
  if (!PARTNERS.has(target)) return res.status(400).send('unknown partner');
  res.redirect(302, target);
});

// Old item URLs move under /items/.
app.get('/item/:id', (req, res) => {
  res.redirect(301, '/items/' + encodeURIComponent(req.params.id));
});

// Folders get their trailing slash.
app.use((req, res, next) => {
  const parsed = url.parse(req.url);
  if (parsed.pathname.endsWith('/') || parsed.pathname.includes('.')) return next();
  res.statusCode = 301;
  res.setHeader('Location', parsed.pathname + '/' + (parsed.search || ''));
  res.end();
});

app.listen(process.env.PORT || 3000);
