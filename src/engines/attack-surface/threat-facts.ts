// What the threat model takes from one file's text alone: the router bindings and mount lines, token signing and
// checking, and the import specifiers. Pure: path and text in, facts out. The evidence cache keeps them by content
// hash (src/engines/cache/threat-file.ts), so an unchanged file is not scanned again; turning specifiers into files is
// redone every run (mountsOf, importedFiles), because it depends on which other files exist.
import { resolveJs, type ResolveContext } from '../static/resolve.ts';
import { findTokenUses, type Mount, type TokenUse } from './auth.ts';
import { AUTH_NAME, authDefinitions, nextMiddlewareOf, trimComment, type AuthDefinition, type NextMiddleware } from './auth-rules.ts';

/** Bump when what the facts hold, or how they are extracted, changes: every cached entry becomes a miss. */
export const THREAT_FACTS_VERSION = 2;

export interface MountLine {
  line: number;
  /** The path prefix of app.use('/prefix', …). */
  prefix: string;
  /** The remaining arguments, trimmed: middleware first, the mounted router last. */
  args: string[];
  /** The line as written (trimmed): where the mount is shown. */
  detail: string;
}

export interface ThreatFacts {
  path: string;
  /** `const x = require('spec')` and `import x from 'spec'`, in file order (a later binding of a name wins). */
  bindings: { name: string; spec: string }[];
  mounts: MountLine[];
  tokenUses: TokenUse[];
  /** Specifiers of require(), import … from and import(), first appearance order, each once. */
  imports: string[];
  /** Functions named like authentication defined here, and whether they can reject a caller (decoys cannot). */
  authDefinitions: AuthDefinition[];
  /** Set when this file is a Next.js middleware (middleware.ts at the root or in src/). */
  nextMiddleware?: NextMiddleware;
}

const BINDING = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+)['"]/g;
const MOUNT = /\.use\(\s*['"`]([^'"`]*)['"`]\s*,\s*([^)]*)\)/;
const IMPORT = /\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function threatFacts(path: string, content: string): ThreatFacts {
  const bindings: ThreatFacts['bindings'] = [];
  for (const m of content.matchAll(BINDING)) {
    const name = m[1] ?? m[3];
    const spec = m[2] ?? m[4];
    if (name && spec) bindings.push({ name, spec });
  }
  const mounts: MountLine[] = [];
  content.split('\n').forEach((raw, i) => {
    const m = MOUNT.exec(trimComment(raw));
    if (!m) return;
    const args = (m[2] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
    mounts.push({ line: i + 1, prefix: m[1] ?? '', args, detail: raw.trim() });
  });
  const imports = new Set<string>();
  for (const m of content.matchAll(IMPORT)) imports.add(m[1] ?? m[2] ?? m[3] ?? '');
  const next = nextMiddlewareOf(path, content);
  return { path, bindings, mounts, tokenUses: findTokenUses(path, content), imports: [...imports], authDefinitions: authDefinitions(path, content), ...(next ? { nextMiddleware: next } : {}) };
}

/** Router files mounted with app.use('/prefix', [middleware…,] router) where `router` was required from a scanned file. */
export function mountsOf(facts: ThreatFacts, ctx: ResolveContext): Mount[] {
  const bound = new Map<string, string>();
  for (const b of facts.bindings) {
    const file = resolveJs(facts.path, b.spec, ctx);
    if (file) bound.set(b.name, file);
  }
  const mounts: Mount[] = [];
  for (const m of facts.mounts) {
    const file = bound.get(m.args.at(-1) ?? '');
    if (!file) continue;
    const guard = m.args.slice(0, -1).find((a) => AUTH_NAME.test(`${a})`));
    const at = { file: facts.path, line: m.line, detail: m.detail };
    const name = guard?.match(/[A-Za-z_$][\w$]*/g)?.at(-1);
    mounts.push({ file, prefix: m.prefix, auth: guard ? { status: 'required', at } : { status: 'none-seen', at }, ...(name ? { guard: name } : {}) });
  }
  return mounts;
}

/** The scanned files this one imports through relative specifiers, sorted, itself excluded. */
export function importedFiles(facts: ThreatFacts, ctx: ResolveContext): string[] {
  const out = new Set<string>();
  for (const spec of facts.imports) {
    const hit = resolveJs(facts.path, spec, ctx);
    if (hit && hit !== facts.path) out.add(hit);
  }
  return [...out].sort();
}
