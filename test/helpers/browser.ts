// Real headless Chromium for the HTML report tests (Debian's /usr/bin/chromium, or BUG_HUNTER_CHROMIUM), driven by
// playwright-core. A page is opened with every request recorded and every one but the page itself refused, console
// errors and page errors collected, and axe-core (from node_modules, never bundled into the page) injectable for an
// accessibility check. `pnpm setup:system` installs chromium; without it the tests skip, except under CI=true.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.BUG_HUNTER_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

export interface OpenedPage {
  page: Page;
  url: string;
  /** Every request the page made after (and including) its own document. */
  requests: string[];
  /** Console errors (a CSP refusal is one) and uncaught page errors. */
  errors: string[];
  dialogs: string[];
}

let shared: Promise<Browser> | undefined;

/** One browser per test file: launched on first use; the file closes it with `after(closeBrowser)`. */
function browser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  return shared;
}

export async function closeBrowser(): Promise<void> {
  const b = shared;
  shared = undefined;
  if (b) await (await b).close();
}

/** Opens the file in a fresh context with every other request refused (and counted). */
export async function openFile(t: TestContext, path: string, hash = '', viewport = { width: 1280, height: 900 }): Promise<OpenedPage> {
  const context = await (await browser()).newContext({ viewport, serviceWorkers: 'block' });
  t.after(() => context.close());
  const page = await context.newPage();
  const url = `${pathToFileURL(path).href}${hash}`;
  const opened: OpenedPage = { page, url, requests: [], errors: [], dialogs: [] };
  page.on('request', (r) => opened.requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') opened.errors.push(m.text());
  });
  page.on('pageerror', (e) => opened.errors.push(e.message));
  page.on('dialog', (d) => {
    opened.dialogs.push(d.message());
    void d.dismiss();
  });
  await context.route('**/*', (route) => (route.request().url().split('#')[0] === url.split('#')[0] ? route.continue() : route.abort()));
  await page.goto(url);
  return opened;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** axe-core's violations on the page as it is now, injected through the debugging protocol (the page's CSP stays). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
}
