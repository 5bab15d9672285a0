// The bundled model-path example (examples/model-demo) as the funnel tests and scripts/examples/record-model-demo.ts use it:
// a temp copy of its source, the run options its transcripts were recorded with, and the two model configs.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunOptions } from '../../src/engines/run/options.ts';

export const DEMO_DIR = fileURLToPath(new URL('../../examples/model-demo/', import.meta.url));
export const DEMO_ANSWERS = join(DEMO_DIR, 'model-answers.json');
export const DEMO_TRANSCRIPTS = join(DEMO_DIR, 'transcripts');
/** The model id the scripted stand-in reports; the run's engine line and findings name it. */
export const DEMO_MODEL = 'scripted-demo';

/** Three chunks, every chunk scanned, one at a time: transcripts replay only under the options they were recorded with. */
export const DEMO_OPTIONS: Partial<RunOptions> = { chunkTokens: 200, maxChunks: 10, concurrency: 1 };

/** Copies the example's scanned files (package.json and src/, not its answers or transcripts) into `target`. */
export function copyDemo(target: string): void {
  cpSync(join(DEMO_DIR, 'package.json'), join(target, 'package.json'));
  cpSync(join(DEMO_DIR, 'src'), join(target, 'src'), { recursive: true });
}

export function writeConfig(target: string, config: Record<string, unknown>): void {
  mkdirSync(join(target, '.bug-hunter'), { recursive: true });
  writeFileSync(join(target, '.bug-hunter', 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
}

/** Every role on an OpenAI-compatible server (the fake server with the scripted stand-in); add `record: true` to record. */
export function liveConfig(openaiURL: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    providers: { scripted: { type: 'openai-compatible', baseURL: openaiURL, structuredOutput: 'strict', concurrency: 1 } },
    roles: { default: { provider: 'scripted', model: DEMO_MODEL } },
    retries: { maxAttempts: 1 },
    ...extra,
  };
}

/** Every role answered from recorded transcripts (default folder: <out>/transcripts). */
export function replayConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { providers: { replay: { type: 'replay' } }, roles: { default: { provider: 'replay', model: DEMO_MODEL } }, ...extra };
}

/** Copies the committed transcripts into <outDir>/transcripts, where the replay provider reads them. */
export function installTranscripts(outDir: string, from = DEMO_TRANSCRIPTS): number {
  const files = readdirSync(from).filter((f) => f.endsWith('.json'));
  mkdirSync(join(outDir, 'transcripts'), { recursive: true });
  for (const f of files) cpSync(join(from, f), join(outDir, 'transcripts', f));
  return files.length;
}

/** Token totals over a folder of transcripts. */
export function transcriptTokens(dir: string): { calls: number; inputTokens: number; outputTokens: number; byRole: Record<string, number> } {
  const totals = { calls: 0, inputTokens: 0, outputTokens: 0, byRole: {} as Record<string, number> };
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const t = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { role: string; usage: { inputTokens: number; outputTokens: number } };
    totals.calls += 1;
    totals.inputTokens += t.usage.inputTokens;
    totals.outputTokens += t.usage.outputTokens;
    totals.byRole[t.role] = (totals.byRole[t.role] ?? 0) + 1;
  }
  return totals;
}
