// A committed `node_modules -> /` must never bring the host into the sandbox: under --verify the default
// "vendored" strategy would bind (or, for a folder the sandbox user cannot reach, copy) the link's target.
// The link is refused with a clear reason and the suite never runs against the host's files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../helpers/cli.ts';
import { canary, hostileRepo, planted } from './hostile.ts';

for (const reachable of [true, false]) {
  test(`a node_modules symlink to / is not bound into the sandbox (${reachable ? 'bound directly' : 'staged by copy'})`, async (t) => {
    const marks = canary(t);
    const secret = `host-secret-${process.pid}`;
    const repo = hostileRepo(t, {
      files: {
        'package.json': JSON.stringify({ name: 'h', version: '1.0.0', scripts: { test: `ls ${join('/workspace/node_modules', marks.dir)}; ls /workspace/node_modules/` } }),
        'src/a.js': 'export const a = 1;\n',
      },
      symlinks: { node_modules: '/' },
    });
    planted(marks.file(secret), 'host data\n');
    // A folder others may enter is bound as is; a private one is copied for the sandbox user first.
    if (reachable) {
      chmodSync(repo, 0o755);
      chmodSync(marks.dir, 0o755);
    }
    const scan = await spawnCli(['scan', repo, '--verify', '--quiet']);
    // The refused bind leaves the suite unrun: the verification asked for could not run, exit 3 naming it.
    assert.equal(scan.code, 3, `${scan.code}: ${scan.stderr}`);
    assert.match(scan.stdout, /exit 3: --verify was asked for but could not run: /);
    const report = JSON.parse(readFileSync(join(repo, '.bug-hunter', 'verification-report.json'), 'utf8')) as { checks: { status: string; reason?: string; outputTail?: string }[] };
    const suite = report.checks.find((c) => c.status !== 'UNAVAILABLE');
    assert.equal(suite?.status, 'ERROR');
    assert.match(suite?.reason ?? '', /node_modules is a symbolic link to \/, outside the repository/);
    assert.doesNotMatch(JSON.stringify(report), new RegExp(secret));
  });
}
