// A real git repository locked by the real npm (the npm3 lockfile fixture: a workspace, lodash 4.17.15 and
// minimist 1.2.5) whose src/render.js calls lodash's template: the dependency scan's end-to-end target.
import type { TestContext } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitRepo } from './temp.ts';

const FIXTURE = fileURLToPath(new URL('../engines/deps/fixtures/lockfiles/npm3/', import.meta.url));

export function npm3Project(t: TestContext, extra: Record<string, string> = {}): string {
  const read = (p: string) => readFileSync(join(FIXTURE, p), 'utf8');
  return gitRepo(t, {
    'package.json': read('package.json'),
    'package-lock.json': read('package-lock.json'),
    'packages/cli/package.json': read('packages/cli/package.json'),
    'src/render.js': "const _ = require('lodash');\n\nfunction render(text, data) {\n  const compiled = _.template(text);\n  return compiled(data);\n}\n\nmodule.exports = { render };\n",
    'packages/cli/index.js': "const path = require('node:path');\nmodule.exports = (file) => path.basename(file);\n",
    ...extra,
  });
}
