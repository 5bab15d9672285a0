// A request handler is known by what it does with its parameters, not only by their names: a function whose first
// parameter is read as a request (`.url`, `.method`, `.headers`) and whose second is written as a response
// (`.writeHead(`, `.setHeader(`, `.statusCode`, then `.end(`) is a Node server's (req, res) handler whatever it calls
// them. Before, only `req`/`request` and `res`/`response` made one, and a handler passed to http.createServer by name
// with other names had no request input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upheldFindings } from '../../../src/engines/static/score.ts';

const traversals = (content: string) => upheldFindings({ path: 'server.js', content, language: 'javascript', isTest: false }).filter((f) => f.ruleId === 'path-traversal');

const server = (params: string, body: string) => `var http = require('http');
var fs = require('fs');
var path = require('path');
function serve(${params}) {
${body}
}
http.createServer(serve).listen(8080);
`;

const BUGS: Record<string, string> = {
  shortNames: server('q, s', `  var file = path.join(__dirname, 'public', q.url);
  fs.readFile(file, function (err, data) {
    if (err) { s.writeHead(404); return s.end(); }
    s.writeHead(200);
    s.end(data);
  });`),
  statusCode: server('incoming, outgoing', `  fs.createReadStream(path.join(__dirname, incoming.url)).pipe(outgoing);
  outgoing.statusCode = 200;`),
};

const DECOYS: Record<string, string> = {
  // a stream copy: the first parameter is not read as a request (a path, not a url), the second is a stream
  streamCopy: server('src, dest', `  fs.createReadStream(path.join(__dirname, src.path)).pipe(dest);
  dest.end();`),
  // the second parameter is never written as a response: a url read and a value returned
  noResponse: server('q, s', `  return fs.readFileSync(path.join(__dirname, q.url + s));`),
};

for (const [name, code] of Object.entries(BUGS)) test(`a handler known by its parameters' use: ${name}`, () => assert.equal(traversals(code).length, 1, name));
for (const [name, code] of Object.entries(DECOYS)) test(`not a handler: ${name}`, () => assert.equal(traversals(code).length, 0, name));

test('the usual names still make a handler (and req.url is request input)', () => {
  assert.equal(traversals(server('req, res', '  fs.readFile(path.join(__dirname, req.url), function (e, d) { res.end(d); });')).length, 1);
});
