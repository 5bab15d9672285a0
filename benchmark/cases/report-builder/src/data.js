import { readFile } from 'node:fs/promises';

const cache = new Map();

export async function loadRows(reportId) {
  if (!/^[a-z0-9-]{1,40}$/.test(reportId)) {
    const error = new Error('invalid report id');
    error.statusCode = 400;
    throw error;
  }
  if (!cache.has(reportId)) {
    const text = await readFile(new URL(`../data/${reportId}.json`, import.meta.url), 'utf8');
    cache.set(reportId, JSON.parse(text));
  }
  return cache.get(reportId);
}
