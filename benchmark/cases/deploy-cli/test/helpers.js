// Test helpers: a throw-away git repository for the CLI tests.
import { execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FAKE_SLACK_TOKEN = 'xoxb-test-token-not-real';

export function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  execSync('git init -q && git commit -q --allow-empty -m init', { cwd: dir });
  writeFileSync(join(dir, 'README.md'), '# fixture\n');
  return dir;
}
