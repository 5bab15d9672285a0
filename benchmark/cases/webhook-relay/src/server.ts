import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { verifySignature } from './signature.js';
import { fanOut, type Target } from './targets.js';
import { recordDeliveries } from './audit.js';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error('WEBHOOK_SECRET is not set');
const targets: Target[] = JSON.parse(readFileSync(process.env.TARGETS_FILE ?? 'targets.json', 'utf8'));

createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/hook') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    if (!verifySignature(secret, body, req.headers['x-hub-signature-256'] as string | undefined)) {
      res.writeHead(401).end();
      return;
    }
    const event = String(req.headers['x-github-event'] ?? 'unknown');
    const payload = JSON.parse(body.toString('utf8'));
    res.writeHead(202).end();
    const deliveries = await fanOut(targets, event, JSON.stringify(payload));
    await recordDeliveries(event, deliveries);
  });
}).listen(Number(process.env.PORT ?? 9000));
