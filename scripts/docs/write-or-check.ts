// The shell of a generated page's script: write the page, or with `--check` write nothing and exit 1 when the page
// on disk differs from what the script would write.
import { readFileSync, writeFileSync } from 'node:fs';

export function writeOrCheck(path: string, text: string, page: string, script: string): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(path, text);
    return;
  }
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(`${page} is stale: run \`${script}\`.`);
    process.exit(1);
  }
}
