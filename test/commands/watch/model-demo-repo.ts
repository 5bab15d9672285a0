// The model demo (test/funnel) as a watched repository, with a user config outside it that binds every role to the
// scripted stand-in's server; shared by the watch token-budget tests.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { DEMO_DIR, liveConfig } from '../../funnel/demo.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';

/** The model demo's files in a git repository, and a config outside it that points every role at `serverURL`. */
export function demoRepo(t: TestContext, serverURL: string): { repo: string; config: string } {
  const files: Record<string, string> = { 'package.json': readFileSync(join(DEMO_DIR, 'package.json'), 'utf8'), '.gitignore': '.bug-hunter/\n' };
  for (const name of readdirSync(join(DEMO_DIR, 'src'))) files[`src/${name}`] = readFileSync(join(DEMO_DIR, 'src', name), 'utf8');
  const repo = gitRepo(t, files);
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify(liveConfig(serverURL)));
  return { repo, config };
}

/** src/pagination.js of `repo` with `from` replaced by `to`, as files for commit(). */
export const edit = (repo: string, from: string, to: string) => ({ 'src/pagination.js': readFileSync(join(repo, 'src/pagination.js'), 'utf8').replace(from, to) });
