// Promotion of a proven reproduction: <outDir>/repro/<id>/ with the test, a run script, the failing output and a README.
// Written only after both runs proved the bug; the folder is replaced whole so no stale file survives.
import { rmSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import type { Finding } from '../../artifacts/schemas/common.ts';
import { writeFileAtomic } from '../../foundations/fs/atomic.ts';
import type { ProvenAttempt } from './reproduce.ts';
import { MARKER_ENV, type BugSignature } from './types.ts';
import { HOST_RUN_WARNING } from './host-warning.ts';

export function promote(outDir: string, finding: Finding, signature: BugSignature, proven: ProvenAttempt): string {
  if (!/^BH-[0-9a-f]{8,}$/.test(finding.id)) throw new RangeError(`Finding id '${finding.id}' is not a valid id for a repro folder.`);
  const rel = `repro/${finding.id}/`;
  const dir = join(outDir, 'repro', finding.id);
  rmSync(dir, { recursive: true, force: true });
  const testName = basename(proven.path);
  writeFileAtomic(join(dir, testName), proven.content);
  writeFileAtomic(join(dir, 'failing-output.txt'), proven.output);
  writeFileAtomic(join(dir, 'run.sh'), runScript(proven, testName, signature));
  writeFileAtomic(join(dir, 'README.md'), readme(finding, signature, proven, testName));
  return rel;
}

/** The promoted run script as the user types it from the repository root: relative when the artifact folder is inside the target. */
export function runScriptPath(ctx: { target: string; outDir: string }, dir: string): string {
  const rel = relative(ctx.target, ctx.outDir);
  const base = rel === '' ? '' : rel.startsWith('..') || isAbsolute(rel) ? `${ctx.outDir}/` : `${rel}/`;
  return `${base}${dir}run.sh`;
}

function runScript(proven: ProvenAttempt, testName: string, signature: BugSignature): string {
  const quoted = proven.argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return [
    '#!/bin/sh',
    '# Re-run this reproduction from the repository root: copies the test into place and runs it.',
    '# It should FAIL on the unfixed code and PASS once the bug is fixed.',
    `# WARNING: this ${HOST_RUN_WARNING}.`,
    'set -e',
    `mkdir -p "$(dirname '${proven.path}')"`,
    `cp "$(dirname "$0")/${testName}" '${proven.path}'`,
    ...(signature.marker ? [`export ${MARKER_ENV}="BHM-manual-$$"`] : []),
    `exec ${quoted}`,
    '',
  ].join('\n');
}

function readme(finding: Finding, signature: BugSignature, proven: ProvenAttempt, testName: string): string {
  const expect = signature.marker
    ? `the failing assertion prints the run marker ($${MARKER_ENV})`
    : `${signature.errorType ?? 'an error'}${signature.messageFragment ? ` containing "${signature.messageFragment}"` : ''}, thrown by the code under test`;
  return [
    `# Reproduction of ${finding.id}`,
    '',
    `**Claim:** ${finding.claim}`,
    '',
    `**Where:** \`${finding.file}:${finding.startLine}-${finding.endLine}\``,
    '',
    `**Trigger:** ${finding.runtimeTrigger}`,
    '',
    `The test \`${testName}\` (placed at \`${proven.path}\`) was run twice in the sandbox on the original code and failed`,
    `both times the same way, for the bug's own reason: ${expect}.`,
    '',
    `Run it: \`sh ${'.bug-hunter/repro/'}${finding.id}/run.sh\` from the repository root. Output of the first run: \`failing-output.txt\`.`,
    '',
    `**Warning:** the script ${HOST_RUN_WARNING}.`,
    '',
  ].join('\n');
}
