import { createServer, type IncomingMessage } from 'node:http';
import { issue, verify } from './tokens.js';
import { findUsers, login } from './users.js';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/login') {
      const body = await readJson(req);
      const user = await login(String(body.email ?? ''), String(body.password ?? ''));
      if (!user) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: issue(user.id, user.roles) }));
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/users')) {
      const session = verify(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!session || !session.roles.includes('admin')) {
        res.writeHead(403).end();
        return;
      }
      const url = new URL(req.url, 'http://localhost');
      const users = await findUsers({ role: url.searchParams.get('role') ?? undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(users));
      return;
    }
    res.writeHead(404).end();
  } catch (error) {
    console.error('request failed', error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});

server.listen(Number(process.env.PORT ?? 8080));
