// The bundled reproduction example (examples/repro-demo) as tests and scripts/examples/record-repro-demo.ts use it:
// a temp copy of the project (package.json, src/, test/) and where its answers and transcripts live.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPRO_DIR = fileURLToPath(new URL('../../examples/repro-demo/', import.meta.url));
export const REPRO_ANSWERS = join(REPRO_DIR, 'model-answers.json');
export const REPRO_TESTER_SCRIPT = join(REPRO_DIR, 'tester-answers.json');
export const REPRO_TRANSCRIPTS = join(REPRO_DIR, 'transcripts');

/** Copies the example's project files (not its answers or transcripts) into `target`. */
export function copyReproDemo(target: string): void {
  cpSync(join(REPRO_DIR, 'package.json'), join(target, 'package.json'));
  for (const dir of ['src', 'test']) cpSync(join(REPRO_DIR, dir), join(target, dir), { recursive: true });
}
