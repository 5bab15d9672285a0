// Emits the JSON Schema of every artifact as schemas/<name>.schema.json, or reports which are stale.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../foundations/fs/atomic.ts';
import { ARTIFACTS, artifactNames } from './registry.ts';

export function emittedSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of artifactNames()) {
    out.set(`${name}.schema.json`, `${JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...ARTIFACTS[name].schema }, null, 2)}\n`);
  }
  return out;
}

/** Files that differ from what would be emitted, plus emitted-folder files no artifact owns. */
export function staleSchemas(dir: string): string[] {
  const wanted = emittedSchemas();
  const stale: string[] = [];
  for (const [file, text] of wanted) {
    const path = join(dir, file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(file);
  }
  if (existsSync(dir)) {
    for (const file of readdirSync(dir)) if (file.endsWith('.schema.json') && !wanted.has(file)) stale.push(file);
  }
  return stale.sort();
}

export function emitSchemas(dir: string): string[] {
  const written: string[] = [];
  for (const [file, text] of emittedSchemas()) {
    writeFileAtomic(join(dir, file), text);
    written.push(file);
  }
  return written;
}
