// Appends one JSON line per delivery to the audit log.
import { appendFile } from 'node:fs/promises';
import type { Delivery } from './targets.js';

const AUDIT_LOG = process.env.AUDIT_LOG ?? 'deliveries.jsonl';

export async function recordDeliveries(event: string, deliveries: Delivery[]): Promise<void> {
  const at = new Date().toISOString();
  const lines = deliveries.map((d) => JSON.stringify({ at, event, ...d })).join('\n');
  if (lines) await appendFile(AUDIT_LOG, `${lines}\n`);
}
