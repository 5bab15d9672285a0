// Stable hashing: sha256 of bytes, and of JSON with sorted keys so the same options always hash the same.
import { hash } from 'node:crypto';

// crypto.hash (Node ≥ 20.12) is one native call: about twice as fast as createHash for small inputs.
export function sha256(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value));
}
