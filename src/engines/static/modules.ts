// Which local names refer to a Node module's functions: `const cp = require('child_process')`,
// `import { exec as run } from 'node:child_process'`, `const { readFile } = require('fs/promises')` …
import { escapeRe } from './ast.ts';

export interface ModuleBindings {
  /** Local names bound to the whole module. */
  aliases: Set<string>;
  /** Local name → exported function name. */
  named: Map<string, string>;
}

export function moduleBindings(content: string, modules: readonly string[]): ModuleBindings {
  const spec = `['"](?:node:)?(?:${modules.map(escapeRe).join('|')})['"]`;
  const aliases = new Set<string>();
  const named = new Map<string, string>();
  const alias = [
    new RegExp(String.raw`(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*${spec}\s*\)`, 'g'),
    // Compiled output declares first and assigns later: `var cp; cp = require('child_process');`
    new RegExp(String.raw`(?:^|[;{}]|\n)\s*([\w$]+)\s*=\s*require\(\s*${spec}\s*\)\s*(?:[;,\n]|$)`, 'g'),
    new RegExp(String.raw`import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s*${spec}`, 'g'),
    new RegExp(String.raw`import\s+([\w$]+)\s*,\s*\{[^}]*\}\s*from\s*${spec}`, 'g'),
    new RegExp(String.raw`(?:const|let|var)\s+([\w$]+)\s*=\s*\(?\s*await\s+import\(\s*${spec}\s*\)`, 'g'),
  ];
  for (const re of alias) for (const m of content.matchAll(re)) if (m[1]) aliases.add(m[1]);
  const lists = [
    new RegExp(String.raw`(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*${spec}\s*\)`, 'g'),
    new RegExp(String.raw`import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*${spec}`, 'g'),
  ];
  // const exec = require('child_process').exec, also as a later declarator of a list (var os = require('os'), exec = …)
  for (const m of content.matchAll(new RegExp(String.raw`(?:\b(?:const|let|var)\s+|,\s*)([\w$]+)\s*=\s*require\(\s*${spec}\s*\)\.([\w$]+)\b(?!\s*[.(])`, 'g'))) {
    if (m[1] && m[2]) named.set(m[1], m[2]);
  }
  for (const re of lists) {
    for (const m of content.matchAll(re)) {
      for (const part of (m[1] ?? '').split(',')) {
        const [exported, local] = part.trim().replace(/^type\s+/, '').split(/\s*(?::|\bas\b)\s*/);
        if (exported && /^[\w$]+$/.test(exported)) named.set(local && /^[\w$]+$/.test(local) ? local : exported, exported);
      }
    }
  }
  // var exec = childProcess.exec, where childProcess is the module.
  for (const a of aliases) {
    for (const m of content.matchAll(new RegExp(String.raw`(?:const|let|var|,)\s*([\w$]+)\s*=\s*${escapeRe(a)}\.([\w$]+)\b(?!\s*[.(])`, 'g'))) {
      if (m[1] && m[2]) named.set(m[1], m[2]);
    }
  }
  // const run = util.promisify(cp.exec) / promisify(exec) / promisify(require('child_process').exec): same sink, promised.
  // Also under a compiled module name (util_1.promisify) and promise libraries' forms (Promise.denodeify, Bluebird.promisify).
  // `require('util').promisify(…)` names util in place.
  const promisified = /(?:const|let|var)\s+([\w$]+)\s*=\s*(?:[\w$]+\.|require\(\s*['"](?:node:)?util['"]\s*\)\.)?(?:promisify|denodeify|fromCallback)\(\s*([\w$.]+|require\([^)]*\)\.[\w$]+)\s*\)/g;
  for (const m of content.matchAll(promisified)) {
    const fn = m[1] && m[2] ? moduleFunction(m[2].replace(/\s+/g, ''), { aliases, named }, modules) : null;
    if (m[1] && fn) named.set(m[1], fn);
  }
  return { aliases, named };
}

/** The module function a callee text names, or null: `cp.exec`, `exec`, `require('child_process').exec`. */
export function moduleFunction(callee: string, b: ModuleBindings, modules: readonly string[]): string | null {
  const direct = b.named.get(callee);
  if (direct) return direct;
  const dot = callee.lastIndexOf('.');
  if (dot < 0) return null;
  const object = callee.slice(0, dot);
  const method = callee.slice(dot + 1);
  if (b.aliases.has(object)) return method;
  const req = /^require\(\s*['"](?:node:)?([^'"]+)['"]\s*\)$/.exec(object);
  if (req && modules.includes(req[1] ?? '')) return method;
  return null;
}
