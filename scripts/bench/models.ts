// pnpm bench:models — 1,000 model calls through the real client and SDKs against the fake server (50 ms per
// answer) at concurrency 16, for each HTTP backend. Ideal wall time is 1000 × 50 ms / 16 = 3.125 s; prints the
// measured ratio and per-call overhead, and exits 1 when a backend is slower than 1.2× ideal.
// Flags: --calls N, --concurrency N, --latency MS, --backend anthropic|openai|openai-compatible (repeatable).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Type } from '@sinclair/typebox';
import { parseConfig } from '../../src/engines/config/load.ts';
import { createModelClient } from '../../src/engines/models/client.ts';
import { Budget } from '../../src/engines/budget/budget.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    latency: { type: 'string', default: '50' },
    backend: { type: 'string', multiple: true },
  },
});
const calls = Number(values.calls);
const concurrency = Number(values.concurrency);
const latency = Number(values.latency);
const backends = (values.backend?.length ? values.backend : ['openai-compatible', 'anthropic', 'openai']) as Array<'anthropic' | 'openai' | 'openai-compatible'>;
const TARGET = 1.2;

const Answer = Type.Object({ files: Type.Array(Type.String()), summary: Type.String() }, { additionalProperties: false });
// The fake server runs in its own process, like a real provider: its CPU is not the client's overhead.
const serverScript = fileURLToPath(new URL('../../test/engines/models/fixtures/serve.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', serverScript, String(latency)], { stdio: ['pipe', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
const server = JSON.parse(line) as { anthropicURL: string; openaiURL: string };
const outDir = mkdtempSync(join(tmpdir(), 'bh-bench-models-'));
const ideal = (calls * latency) / concurrency;
let failed = false;

const { loadavg, cpus } = await import('node:os');
console.log(`bench:models — ${calls} calls, ${latency} ms server latency, concurrency ${concurrency}; ideal ${(ideal / 1000).toFixed(3)} s`);
console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)} (a loaded machine inflates the ratio; client CPU/call does not depend on load)`);
// Floor on this machine: bare fetch() POSTs at the same concurrency, no SDK, no client. The gap between a
// backend's wall time and this one is what the SDK and our layer add.
async function bareFetch(): Promise<number> {
  const body = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'chunk' }] });
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next += 1;
      const res = await fetch(`${server.openaiURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.json();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

try {
  await bareFetch();
  const floor = await bareFetch();
  console.log(`${'bare fetch (floor)'.padEnd(18)} wall ${(floor / 1000).toFixed(3)} s  ratio ${(floor / ideal).toFixed(3)}×`);
  for (const type of backends) {
    const config = parseConfig(
      {
        providers: { p: { type, baseURL: type === 'anthropic' ? server.anthropicURL : server.openaiURL, apiKeyEnv: 'BENCH_KEY', concurrency } },
        roles: { default: { provider: 'p', model: 'bench-model' } },
      },
      'bench config',
      outDir,
    );
    // The real accounting path: a budget flushing to usage.json under its lock.
    const budget = Budget.open({ outDir, runId: `bench-${type}`, limits: { perRunTokens: 1_000_000_000, warnAt: 0.7 } });
    const client = createModelClient(config, { env: { BENCH_KEY: 'bench-key-not-secret' }, budget });
    const ask = (i: number) => client.complete({ role: 'hunter', system: 'Review the code.', prompt: `chunk ${i}: const a = b + c;`, schema: Answer, schemaName: 'findings' });
    await Promise.all(Array.from({ length: concurrency }, (_, i) => ask(-i - 1))); // warm up connections and compiled schemas
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: calls }, (_, i) => ask(i).then((r) => latencies.push(r.latencyMs))));
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuPerCall = (used.user + used.system) / 1000 / calls;
    await budget.close(wall);
    latencies.sort((a, b) => a - b);
    const ratio = wall / ideal;
    const overhead = (wall * concurrency) / calls - latency;
    const p = (q: number) => (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
    const ok = ratio <= TARGET;
    failed ||= !ok;
    console.log(
      `${type.padEnd(18)} wall ${(wall / 1000).toFixed(3)} s  ratio ${ratio.toFixed(3)}× (target ≤ ${TARGET}×) ${ok ? 'PASS' : 'FAIL'}  ` +
        `overhead/call ${overhead.toFixed(2)} ms (client CPU ${cpuPerCall.toFixed(2)} ms/call)  latency incl. queueing p50 ${p(0.5)} ms p95 ${p(0.95)} ms`,
    );
  }
} finally {
  child.stdin.end();
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
