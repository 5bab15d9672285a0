// Regenerates .bug-hunter.example/: a complete run of the static engine on examples/demo-api, plus an example config.
// Run after changing a schema or the engine: `pnpm example:refresh` (a test checks every file is schema-valid).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJsonAtomic } from '../../src/foundations/fs/atomic.ts';
import { exampleConfig } from '../../src/engines/config/example.ts';
import { runScan } from '../../src/driver/scan.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dest = join(root, '.bug-hunter.example');
// Scan a copy, so the example's own folder never holds a run of its own.
const work = mkdtempSync(join(tmpdir(), 'bh-example-'));
try {
  cpSync(join(root, 'examples', 'demo-api'), join(work, 'demo-api'), { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
  const result = await runScan({ target: join(work, 'demo-api') });
  rmSync(dest, { recursive: true, force: true });
  // Left out: the lock, the work folder, and what is this machine's rather than the run's — the evidence cache and
  // the usage/timing records — so a refresh changes only the run's own artifacts.
  cpSync(result.outDir, dest, { recursive: true, filter: (src) => !/(run\.lock|[\\/]work|[\\/]cache|cache-usage\.json|[\\/]usage\.json)$/.test(src) });
  writeJsonAtomic(join(dest, 'config.json'), exampleConfig());
  console.log(`wrote ${dest} (scan exit ${result.exitCode}, ${result.report?.findings.length ?? 0} findings)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
