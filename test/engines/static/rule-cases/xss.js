/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule xss: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const app = require('express')();

// from test/engines/static/fixtures/xss/bugs.js
app.get('/greet', (req, res) => {
  res.send('<h1>Hello ' + req.query.visitor + '</h1>'); // ruleid: xss
});

// from test/engines/static/fixtures/xss/bugs.js
app.get('/search', (req, res) => {
  const term = req.query.term;
  res.send(`<p>No results for ${term}</p>`); // ruleid: xss
});

// from test/engines/static/fixtures/xss/bugs.js
app.post('/comment', (req, res) => {
  const { text } = req.body;
  res.write('<div class="comment">' + text + '</div>'); // ruleid: xss
  res.end();
});

// from test/engines/static/fixtures/xss/bugs.js
function dirPage(req, res, entries) {
  const here = decodeURIComponent(req.url);
  res.setHeader('Content-Type', 'text/html');
  res.end('<title>Index of ' + here + '</title>' + entries.join('')); // ruleid: xss
}
