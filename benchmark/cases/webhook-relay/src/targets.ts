// Delivers an event to every subscribed target; each target gets up to three attempts.
import { setTimeout as sleep } from 'node:timers/promises';

export interface Target {
  name: string;
  url: string;
  events: string[];
}

export interface Delivery {
  target: string;
  ok: boolean;
  status?: number;
  error?: string;
}

async function deliverOnce(target: Target, event: string, body: string): Promise<Response> {
  return fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-relay-event': event },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}

export async function deliver(target: Target, event: string, body: string): Promise<Delivery> {
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await deliverOnce(target, event, body);
      if (res.ok) return { target: target.name, ok: true, status: res.status };
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    sleep(250 * attempt);
  }
  return { target: target.name, ok: false, error: lastError };
}

export async function fanOut(targets: Target[], event: string, body: string): Promise<Delivery[]> {
  const subscribed = targets.filter((t) => t.events.includes(event) || t.events.includes('*'));
  return Promise.all(subscribed.map((t) => deliver(t, event, body)));
}
