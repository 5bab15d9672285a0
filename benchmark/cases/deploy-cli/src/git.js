import { execSync, execFileSync } from 'node:child_process';

export function currentCommit() {
  return execSync('git rev-parse HEAD', { encoding: 'utf8' }).trim();
}

export function checkoutRelease(branch) {
  execFileSync('git', ['fetch', 'origin', '--prune'], { stdio: 'inherit' });
  execSync(`git checkout -B release origin/${branch}`, { stdio: 'inherit' });
}

export function changedFiles(since) {
  const out = execFileSync('git', ['diff', '--name-only', `${since}..HEAD`], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}
