// Re-records examples/fix-demo/transcripts/: runs the fixer on a temp git repo made from the demo against the fake
// model server answered by the SCRIPTED STAND-IN (test/engines/fix/scripted-fixer.ts — not a model), recording every call.
// Usage: node --import tsx scripts/examples/record-fix-demo.ts   (prints per-finding status and attempts)
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeServer } from '../../test/engines/models/fixtures/fake-server.ts';
import { loadFixerAnswers, scriptedFixer } from '../../test/engines/fix/scripted-fixer.ts';
import { FIX_ANSWERS, FIX_TRANSCRIPTS, runFixDemo } from '../../test/engines/fix/demo.ts';

const server = await startFakeServer();
const scripted = scriptedFixer(loadFixerAnswers(FIX_ANSWERS));
server.fallback = scripted.respond;
try {
  const demo = await runFixDemo({ kind: 'record', openaiURL: server.openaiURL });
  try {
    const recorded = join(demo.outDir, 'transcripts');
    // Replace, not merge: a stale transcript from an older prompt would only mislead.
    rmSync(FIX_TRANSCRIPTS, { recursive: true, force: true });
    mkdirSync(FIX_TRANSCRIPTS, { recursive: true });
    for (const f of readdirSync(recorded)) cpSync(join(recorded, f), join(FIX_TRANSCRIPTS, f));
    const lines = demo.report.fixes.map((f) => `${f.findingId} ${f.status}: ${f.attempts.map((a) => a.outcome).join(', ')}`);
    process.stdout.write([`fixer calls: ${server.requests.length} (scripted stand-in, not a model)`, ...lines, `written to ${FIX_TRANSCRIPTS}`, ''].join('\n'));
  } finally {
    demo.cleanup();
  }
} finally {
  await server.close();
}
