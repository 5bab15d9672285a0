// A project for `bug-hunter repro` tests: a real git repository with the given files, the fake model server bound to
// the tester and fixer roles, and helpers to write side files (reports, traces) and run the CLI on the project.
import type { TestContext } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.ts';
import { gitRepo, tempDir } from '../../helpers/temp.ts';
import { startFakeServer } from '../../engines/models/fixtures/fake-server.ts';
import { TEST_KEY, TEST_KEY_ENV } from '../../engines/models/fixtures/harness.ts';

export async function reproProject(t: TestContext, files: Record<string, string>, sidePrefix: string) {
  const dir = gitRepo(t, files);
  const side = tempDir(t, sidePrefix);
  const server = await startFakeServer();
  process.env[TEST_KEY_ENV] = TEST_KEY;
  t.after(() => server.close());
  const config = join(side, 'config.json');
  writeFileSync(config, JSON.stringify({ providers: { fake: { type: 'openai-compatible', baseURL: server.openaiURL, apiKeyEnv: TEST_KEY_ENV } }, roles: { tester: { provider: 'fake', model: 'tester-1' }, fixer: { provider: 'fake', model: 'fixer-1' } } }));
  const file = (name: string, text: string) => {
    writeFileSync(join(side, name), text);
    return join(side, name);
  };
  const repro = (...args: string[]) => runCli(['repro', dir, '--config', config, '--sandbox', 'bwrap', '--quiet', ...args]);
  return { dir, server, file, repro, outDir: join(dir, '.bug-hunter') };
}
