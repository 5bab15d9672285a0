// The coverage invariant as a property: for every generated repository (generate-repo.ts) that hides the planted
// route in a file index.js requires, a scan either reports the route's finding, or exits 3, prints no "Clean", and
// coverage.json marks the planted file not covered with a reason. Scans run in-process through the CLI's own main().
// PROPERTY_RUNS (default 200) and PROPERTY_SEED (default 38) size and seed a run; a failure names the seed to replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';
import { generateRepo } from './generate-repo.ts';
import { propertyBreach, ROUTE, writePlanted } from './planted-route.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.PROPERTY_SEED ?? 38);

test(`a route hidden in a file index.js requires is reported or marked not covered (exit 3, no Clean): ${RUNS} generated repositories, seed ${SEED}`, async (t) => {
  assert.ok(Number.isInteger(RUNS) && RUNS > 0 && Number.isInteger(SEED), 'PROPERTY_RUNS and PROPERTY_SEED must be whole numbers');
  const base = tempDir(t, 'bh-property-');
  const outside = join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'srv.js'), ROUTE);
  const breaches: string[] = [];
  const outcomes = { reported: 0, notCovered: 0 };
  for (let i = 0; i < RUNS; i++) {
    const seed = SEED * 1_000_003 + i;
    const repo = generateRepo(seed, outside);
    const dir = join(base, `r${i}`);
    mkdirSync(dir);
    writePlanted(dir, repo);
    const scan = await runCli(['scan', dir, '--quiet', '--no-cache']);
    const breach = propertyBreach(dir, repo, scan);
    if (breach) breaches.push(`seed ${seed} ${JSON.stringify(repo.choice)}: ${breach}`);
    else outcomes[scan.code === 1 ? 'reported' : 'notCovered']++;
    rmSync(dir, { recursive: true, force: true });
  }
  t.diagnostic(`${RUNS} repositories: ${outcomes.reported} reported the route, ${outcomes.notCovered} exited 3 with the planted file not covered, ${breaches.length} broke the property`);
  assert.deepEqual(breaches, []);
});
