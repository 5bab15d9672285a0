// Gateway routes: route-table uploads (YAML), and token checks for the admin API.
const express = require('express');
const fs = require('fs');
const yaml = require('js-yaml');
const jwt = require('jsonwebtoken');
const { identify } = require('./claims');

const app = express();
const ADMIN_KEY = process.env.ADMIN_PUBLIC_KEY;
const defaults = yaml.load(fs.readFileSync(__dirname + '/../routes.yml', 'utf8'), { schema: yaml.DEFAULT_FULL_SCHEMA });

app.post('/routes', identify, express.text({ type: 'application/yaml' }), (req, res) => {
  const table = yaml.load(req.body, { schema: yaml.DEFAULT_FULL_SCHEMA });
  res.json({ routes: Object.keys(table).length });
});

app.post('/routes/validate', express.text({ type: 'application/yaml' }), (req, res) => {
  const table = yaml.safeLoad(req.body);
  res.json({ ok: typeof table === 'object' });
});

app.get('/admin', (req, res) => {
  const claims = jwt.verify(req.cookies.admin, ADMIN_KEY, { algorithms: ['ES256'] });
  res.json({ admin: claims.sub, defaults: Object.keys(defaults) });
});

module.exports = app;
