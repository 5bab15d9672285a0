// The program that judges one exploit inside the sandbox, and the files it needs, pure. The harness, not the
// exploit, decides: it prepares the context, runs the exploit, applies its class's criterion and prints one verdict
// line tagged with a nonce the exploit never sees (it is read from the environment and removed before the exploit
// loads). Criteria:
//   prototype-pollution  Object.prototype has an own property `polluted` after the exploit and had none before.
//   command-injection    the file ctx.marker exists once the process is done (the exploit injects `touch bh-marker`).
//   redos                the time of run(attack(n)) grows by a set factor when n doubles, and the attack at 2n takes
//                        a set multiple of the baseline at 2n (redos-growth.ts holds the criterion and its constants).
//   path-traversal       the exploit's result holds ctx.token, which lives only in ctx.secret, outside ctx.root.
//   zip-slip             the file ctx.marker (outside ctx.root, the extraction folder) exists after the exploit.
//   open-redirect        the exploit's result, a Location value, resolves off the site http://site.test/.
import type { IncompleteFix } from './evidence.ts';
import { REDOS_JUDGE, TIMER, TIMER_FILE } from './redos-growth.ts';

export const INSIDE_PACKAGE = '/pkg';
export const VERDICT_TAG = 'BH-VERDICT';
export const HARNESS_FILE = 'prove.cjs';
export const EXPLOIT_FILE = 'exploit.cjs';
export const STUBS_DIR = 'stubs';

export interface Verdict {
  shown: boolean;
  detail: string;
}

const HARNESS = String.raw`'use strict';
const fs = require('fs');
const path = require('path');
const nonce = process.env.BH_NONCE;
delete process.env.BH_NONCE;
const cls = process.env.BH_CLASS;
let said = false;
const say = (shown, detail) => {
  if (said) return;
  said = true;
  process.stdout.write('\n' + ${JSON.stringify(VERDICT_TAG)} + ' ' + nonce + ' ' + JSON.stringify({ shown, detail: String(detail).slice(0, 300) }) + '\n');
};
const dir = process.cwd();
const ctx = { pkg: ${JSON.stringify(INSIDE_PACKAGE)}, dir, root: path.join(dir, 'root'), secret: path.join(dir, 'secret.txt'), token: 'bh-' + nonce, marker: path.join(dir, 'bh-marker') };
fs.mkdirSync(ctx.root, { recursive: true });
fs.writeFileSync(path.join(ctx.root, 'index.html'), 'inside the root\n');
fs.writeFileSync(ctx.secret, ctx.token + '\n');
const own = () => Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
if (own() || fs.existsSync(ctx.marker)) { say(false, 'the criterion held before the exploit ran'); process.exit(0); }
const exploit = require(path.join(dir, ${JSON.stringify(EXPLOIT_FILE)}));
const offSite = (loc) => { try { return new URL(String(loc), 'http://site.test/').host !== 'site.test'; } catch { return false; } };
async function main() {
  if (cls === 'redos') {
    if (!['run', 'attack', 'baseline'].every((k) => typeof exploit[k] === 'function')) return say(false, 'a redos exploit exports the functions run(input), attack(n) and baseline(n)');
    return judgeRedos(dir, ${JSON.stringify(EXPLOIT_FILE)}, say);
  }
  // command-injection, zip-slip: the marker is judged when the process is done (a child may still be running, or
  // the exploit may end the process itself).
  if (cls === 'command-injection' || cls === 'zip-slip') process.on('exit', () => say(fs.existsSync(ctx.marker), fs.existsSync(ctx.marker) ? 'the marker file exists' : 'no marker file'));
  let result;
  try { result = await exploit(ctx); } catch (e) { result = e; }
  if (cls === 'prototype-pollution') return say(own(), own() ? 'Object.prototype.polluted = ' + JSON.stringify(Object.prototype.polluted) : 'Object.prototype has no own property polluted');
  if (cls === 'path-traversal') return say(String(result).includes(ctx.token), String(result).includes(ctx.token) ? 'read the file outside the root' : 'the result does not hold the secret: ' + String(result).slice(0, 80));
  if (cls === 'open-redirect') return say(offSite(result), 'Location ' + JSON.stringify(String(result)));
}
${REDOS_JUDGE}
main().catch((e) => say(false, 'the harness failed: ' + (e && e.message)));
`;

/** The files of one run: the harness (and its ReDoS timer), the exploit, and the stand-ins for the package's dependencies. */
export function runFiles(entry: IncompleteFix): Array<{ path: string; content: string }> {
  return [
    { path: HARNESS_FILE, content: HARNESS },
    ...(entry.class === 'redos' ? [{ path: TIMER_FILE, content: TIMER }] : []),
    { path: EXPLOIT_FILE, content: `${entry.exploit.code.join('\n')}\n` },
    ...(entry.exploit.stubs ?? []).map((s) => ({ path: `${STUBS_DIR}/${s.module}.js`, content: `${s.code}\n` })),
  ];
}

/** The variables the harness reads. */
export function runEnv(entry: IncompleteFix, nonce: string, insideWorkspace: string): Record<string, string> {
  return {
    BH_NONCE: nonce,
    BH_CLASS: entry.class,
    NODE_PATH: `${insideWorkspace}/${STUBS_DIR}`,
  };
}

/** The verdict line carrying this run's nonce, or undefined (the harness never got that far). */
export function readVerdict(stdout: string, nonce: string): Verdict | undefined {
  const prefix = `${VERDICT_TAG} ${nonce} `;
  const line = stdout.split('\n').find((l) => l.startsWith(prefix));
  if (line === undefined) return undefined;
  try {
    const parsed = JSON.parse(line.slice(prefix.length)) as Partial<Verdict>;
    return typeof parsed.shown === 'boolean' && typeof parsed.detail === 'string' ? { shown: parsed.shown, detail: parsed.detail } : undefined;
  } catch {
    return undefined;
  }
}
