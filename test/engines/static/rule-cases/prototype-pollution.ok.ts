// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule prototype-pollution: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).

// from test/engines/static/fixtures/injection/proto-decoys.ts (a decoy)
export function safeMerge(target: Record<string, any>, source: Record<string, any>): Record<string, any> {
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (source[key] && typeof source[key] === 'object') {
      // ok: prototype-pollution
      if (!target[key]) target[key] = {};
      safeMerge(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}

// from test/engines/static/fixtures/injection/proto-decoys.ts (a decoy)
export function clone(value: any): any {
  if (!value || typeof value !== 'object') return value;
  const out: any = Array.isArray(value) ? [] : {};
  // ok: prototype-pollution
  for (const key of Object.keys(value)) out[key] = clone(value[key]);
  return out;
}

// from test/engines/static/fixtures/injection/proto-decoys.ts (a decoy)
export function setIn(store: Map<string, unknown>, path: string, value: unknown): void {
  // ok: prototype-pollution
  store.set(path.split('.').join('/'), value);
}

// from test/engines/static/fixtures/injection/proto-decoys.ts (a decoy)
export function countWords(text: string): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  // ok: prototype-pollution
  for (const word of text.split(/\s+/)) counts[word] = (counts[word] ?? 0) + 1;
  return counts;
}

// from test/engines/static/fixtures/injection/proto-decoys.ts (a decoy)
export function dropNulls(schema: Record<string, any>, value: Record<string, any>): Record<string, any> {
  let out = value;
  if (schema.properties) {
    out = { ...out };
    for (const [name, child] of Object.entries(schema.properties)) {
      if (out[name] === null) delete out[name];
      // ok: prototype-pollution
      else out[name] = dropNulls(child as Record<string, any>, out[name]);
    }
  }
  return out;
}
