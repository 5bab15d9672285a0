/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xss: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const React = require('react');
const { renderToString } = require('react-dom/server');
const escapeHtml = require('escape-html');
const DOMPurify = require('isomorphic-dompurify');
const app = require('express')();

// from test/static/fixtures/xss/ssr.jsx
app.get('/banner', (req, res) => {
  const message = req.query.message;
  const html = renderToString(<div dangerouslySetInnerHTML={{ __html: '<b>' + message + '</b>' }} />); // ruleid: xss
  res.send(html);
});

// from test/static/fixtures/xss/ssr.jsx
app.get('/note', (req, res) => {
  const html = renderToString(<p dangerouslySetInnerHTML={{ __html: req.body.note }} />); // ruleid: xss
  res.send(html);
});
