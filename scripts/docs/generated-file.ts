// Writes a generated file, or with `--check` (in process.argv) writes nothing and exits 1 naming the file when it
// differs from what would be generated. Shared by the generators of docs/ and src/engines/static/rules/index.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function writeOrCheck(path: string, want: string, regenerate: string): void {
  const have = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (have === want) return;
  if (process.argv.includes('--check')) {
    console.error(`${path} is stale: run \`${regenerate}\`.`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(path, want);
  console.log(`wrote ${path}`);
}
