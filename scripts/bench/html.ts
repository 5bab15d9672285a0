// pnpm bench:html — is a 1,000-finding report.html usable? Generates a repository with --findings command
// injections (ten handlers per file), scans it with the compiled CLI, then opens its report.html in headless Chromium
// (Debian's /usr/bin/chromium, or BUG_HUNTER_CHROMIUM) with every request but the page refused, and prints the page's
// size, the time to open it (navigation start to the load event, the page's script done; and the renderer main
// thread's CPU time for it, which the machine's load does not inflate) and the time to apply a
// filter and a sort (the change event to the next layout) and to open a finding, medians of --rounds.
// Usage: node --import tsx scripts/bench/html.ts [--findings 1000] [--rounds 5] [--keep]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { arg, loadNote, median, timeCommand } from './kit/measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wanted = arg('--findings', 1000);
const rounds = arg('--rounds', 5);
const keep = process.argv.includes('--keep');
const PER_FILE = 10;

const repo = mkdtempSync(join(tmpdir(), 'bh-bench-html-'));
const handler = (i: number) => `export function run${i}(req) {\n  exec('convert ' + req.query.name${i});\n}\n`;

try {
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'package.json'), '{"name":"bench-html","type":"module"}\n');
  for (let f = 0; f < Math.ceil(wanted / PER_FILE); f += 1) {
    const count = Math.min(PER_FILE, wanted - f * PER_FILE);
    writeFileSync(join(repo, 'src', `f${f}.js`), `import { exec } from 'node:child_process';\n${Array.from({ length: count }, (_, i) => handler(i)).join('')}`);
  }
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  const scan = timeCommand([process.execPath, join(root, 'bin/bug-hunter.js'), 'scan', repo, '--quiet', '--json'], { env: { ...process.env, CI: '1' } });
  if (scan.status !== 1) throw new Error(`scan exited ${scan.status}: ${scan.stderr.slice(-1500)}`);
  const file = join(repo, '.bug-hunter', 'report.html');
  const url = pathToFileURL(file).href;

  const browser = await chromium.launch({ executablePath: process.env.BUG_HUNTER_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const opens: number[] = [];
  const filters: number[] = [];
  const sorts: number[] = [];
  const bodies: number[] = [];
  const openCpu: number[] = [];
  let findings = 0;
  let others = 0;
  try {
    for (let r = 0; r < rounds; r += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.route('**/*', (route) => {
        if (route.request().url() === url) return route.continue();
        others += 1;
        return route.abort();
      });
      const page = await context.newPage();
      // Main-thread CPU time (thread ticks) as well as wall time: on a shared machine the wall time mostly measures the load.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      const before = await task();
      await page.goto(url, { waitUntil: 'load' });
      opens.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.duration));
      openCpu.push((await task() - before) * 1000);
      findings = await page.locator('details.finding').count();
      // One change event each, timed in the page from dispatch to the layout that shows the result.
      const timed = (id: string, value: string): Promise<number> =>
        page.evaluate(
          ([id, value]) => {
            const select = document.getElementById(id) as HTMLSelectElement;
            const start = performance.now();
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
            void document.body.offsetHeight;
            return performance.now() - start;
          },
          [id, value] as const,
        );
      filters.push(await timed('f-sev', 'critical'));
      await timed('f-sev', '');
      sorts.push(await timed('f-sort', 'file'));
      // Opening a finding draws its body (kept in a data block on a page this large).
      const start = Date.now();
      await page.locator('details.finding summary').first().click();
      await page.locator('details.finding[open] figure.evidence').first().waitFor();
      bodies.push(Date.now() - start);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const kb = statSync(file).size / 1024;
  console.log(`bench:html — ${findings} findings on the page (${(kb / 1024).toFixed(1)} MB), scan ${scan.seconds.toFixed(1)} s, ${others} other requests`);
  console.log(`open (navigation to load, script done): median ${median(opens).toFixed(0)} ms of ${rounds} (main-thread CPU ${median(openCpu).toFixed(0)} ms); filter by severity: ${median(filters).toFixed(0)} ms; sort by file: ${median(sorts).toFixed(0)} ms; open a finding (click to its evidence drawn): ${median(bodies).toFixed(0)} ms (${loadNote()})`);
} finally {
  if (keep) console.log(`kept ${repo}`);
  else rmSync(repo, { recursive: true, force: true });
}
