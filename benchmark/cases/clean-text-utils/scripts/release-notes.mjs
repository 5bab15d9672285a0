// Prints the commit subjects since the last tag, for the release notes draft.
import { execSync, execFileSync } from 'node:child_process';

let lastTag;
try {
  lastTag = execSync('git describe --tags --abbrev=0', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch (error) {
  console.error(`No tag found (${error.message.split('\n')[0]}); listing every commit.`);
  lastTag = '';
}
const range = lastTag ? [`${lastTag}..HEAD`] : [];
const subjects = execFileSync('git', ['log', '--format=%s', ...range], { encoding: 'utf8' });
for (const subject of subjects.split('\n').filter(Boolean)) console.log(`- ${subject}`);
