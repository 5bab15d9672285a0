// A git smart-HTTP server on 127.0.0.1 that needs credentials: Basic auth (user:secret) in front of the real
// `git http-backend` serving the bare repositories under argv[2]. Runs as a child process, so a test's synchronous
// git push does not block it. Prints its port on the first line of stdout; a request without the right credentials
// gets a 401, one with them is passed to http-backend (push allowed: REMOTE_USER is set).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

const root = process.argv[2];
const EXPECTED = `Basic ${Buffer.from('user:secret').toString('base64')}`;

const server = createServer((req, res) => {
  if (req.headers.authorization !== EXPECTED) {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="bh-test"' }).end('credentials needed\n');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const backend = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      REMOTE_USER: 'user',
      REMOTE_ADDR: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  req.pipe(backend.stdin);
  const chunks = [];
  backend.stdout.on('data', (c) => chunks.push(c));
  backend.on('close', () => {
    const out = Buffer.concat(chunks);
    const split = out.indexOf('\r\n\r\n');
    const head = out.subarray(0, split).toString('latin1').split('\r\n');
    const headers = {};
    let status = 200;
    for (const line of head) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers).end(out.subarray(split + 4));
  });
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
