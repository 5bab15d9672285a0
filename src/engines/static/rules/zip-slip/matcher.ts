// Zip slip (CWE-22): an archive entry's name (adm-zip entryName, yauzl fileName, unzipper/tar/decompress `path`,
// tar-stream header.name) joined into a destination and written (writeFile, createWriteStream, mkdir, fstream
// Writer …) with no containment check. Only files that use an archive library are looked at; the entry names are
// the archive author's choice, so `../` or an absolute name writes outside the destination.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, endLine, enclosingFunction, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const ARCHIVE = /require\(\s*['"](adm-zip|yauzl|yauzl-promise|unzipper|unzip|unzip-stream|node-stream-zip|jszip|tar|tar-stream|tar-fs|decompress[\w-]*)['"]\s*\)|from\s+['"](adm-zip|yauzl|unzipper|unzip-stream|node-stream-zip|jszip|tar|tar-stream|tar-fs|decompress[\w-]*)['"]|\.entryName\b|\.getEntries\(\)|\.on\(\s*['"]entry['"]/;
const NAME_PROP = /^(entryName|fileName|path|name)$/;
const ENTRY_OBJ = /entry|header/i;
const WRITE = /^(writeFile|writeFileSync|writeFileTo|writeFileToAsync|createWriteStream|appendFile|appendFileSync|mkdir|mkdirSync|mkdirp|mkdirs|mkdirsSync|makeDir|outputFile|outputFileSync|ensureDir|ensureDirSync|ensureFile|ensureFileSync|symlink|symlinkSync|copyFile|copyFileSync|rename|renameSync|extractEntryTo|Writer)$/;
// A containment check between reading the name and writing: resolve + startsWith/indexOf === 0, path.relative,
// a test for '..' or an absolute name, realpath comparison.
const GUARD = /\.startsWith\(|\.indexOf\([^)]*\)\s*[!=]==?\s*0|\brelative\(|['"`]\.\.[/\\]*['"`]|\\\.\\\.|isAbsolute\(|realpath|isInside|isWithin|isPathInside|path-is-inside/;

/** The object of an entry-name read is an archive entry: named like one, or the item of a loop over entries/files. */
function entryObject(obj: SgNode): boolean {
  if (obj.kind() !== 'identifier') return false;
  if (ENTRY_OBJ.test(obj.text())) return true;
  const fn = enclosingFunction(obj);
  const params = fn?.field('parameters') ?? fn?.field('parameter');
  if (!fn || !params || !new RegExp(`\\b${obj.text()}\\b`).test(params.text())) return false;
  const call = fn.parent()?.parent();
  if (call?.kind() !== 'call_expression') return false;
  const callee = call.field('function')?.text() ?? '';
  return /(entr|files)\w*\.(map|forEach|filter|each)$/i.test(callee);
}

function isEntryName(n: SgNode): boolean {
  if (n.kind() !== 'member_expression') return false;
  const prop = n.field('property')?.text() ?? '';
  const obj = n.field('object');
  return NAME_PROP.test(prop) && obj !== null && (prop === 'entryName' || entryObject(obj));
}

/** True when `n` sits below `top` inside a call that confines it: basename (only the last segment survives), a
 * sanitize/safe… helper, or a join/resolve that starts at '/' (`path.join(cwd, path.join('/', name))`, tar-fs). */
function underBasename(n: SgNode, top: SgNode): boolean {
  for (let p = n.parent(); p && p.id() !== top.parent()?.id(); p = p.parent()) {
    if (p.kind() !== 'call_expression') continue;
    const callee = p.field('function')?.text() ?? '';
    if (CONFINE.test(callee)) return true;
    if (/(^|\.)(join|resolve)$/.test(callee) && /^['"]\/['"]$/.test(argsOf(p)[0]?.text() ?? '')) return true;
  }
  return false;
}

const CONFINE = /(^|\.)(basename|\w*(sanitiz|sanitis|safe|Safe)\w*)$/;
// Checked somewhere in the file (often in the caller of the writing method, extract-zip's realpath + path.relative):
// the file confines entries, and a per-write check is not looked for.
const FILE_GUARD = /\brelative\(|realpath|isPathInside|path-is-inside/;

interface Binding { name: string; node: SgNode; scope: SgNode | null }

/** Where the entry name in `value` comes from: an entry-name read inside it, or a binding of a name it uses. */
function originIn(value: SgNode, bound: Binding[], at: SgNode): SgNode | null {
  const reads = [value, ...value.findAll({ rule: { kind: 'member_expression' } })].filter((m) => isEntryName(m) && !underBasename(m, value));
  if (reads[0]) return reads[0];
  for (const id of [value, ...value.findAll({ rule: { kind: 'identifier' } })]) {
    if (id.kind() !== 'identifier' || underBasename(id, value)) continue;
    const b = bound.find((x) => x.name === id.text() && x.node.range().start.index < at.range().start.index && (!x.scope || contains(x.scope, at)));
    if (b) return b.node;
  }
  return null;
}

function contains(outer: SgNode, inner: SgNode): boolean {
  return outer.range().start.index <= inner.range().start.index && inner.range().end.index <= outer.range().end.index;
}

/** Names bound to an entry-derived path (`const dest = path.join(out, x.path)`), in source order. */
function bindings(root: SgNode): Binding[] {
  const out: Binding[] = [];
  const sites = root.findAll({ rule: { any: [{ kind: 'variable_declarator' }, { kind: 'assignment_expression' }] } });
  for (let pass = 0; pass < 3; pass++) {
    for (const s of sites) {
      const target = s.field('name') ?? s.field('left');
      const value = s.field('value') ?? s.field('right');
      if (target?.kind() !== 'identifier' || !value || out.some((b) => b.node.id() === s.id())) continue;
      if (originIn(value, out, s)) out.push({ name: target.text(), node: s, scope: enclosingFunction(s) });
    }
  }
  return out;
}

/** The path a write uses: the first argument, extractEntryTo's target, fstream Writer's `path` option. */
function writtenPath(call: SgNode, method: string): SgNode | null {
  const args = argsOf(call);
  // symlink(target, path), copyFile(src, dest), rename(old, new): the second argument is the one written.
  if (/^(extractEntryTo|symlink|symlinkSync|copyFile|copyFileSync|rename|renameSync)$/.test(method)) return args[1] ?? null;
  if (method === 'Writer' && args[0]?.kind() === 'object') {
    return args[0].namedChildren().find((p) => p.kind() === 'pair' && p.field('key')?.text() === 'path')?.field('value') ?? null;
  }
  return args[0] ?? null;
}

/** The smallest function holding both the name's origin and the write. */
function commonScope(a: SgNode, b: SgNode): SgNode | null {
  for (let fn = enclosingFunction(b); fn; fn = enclosingFunction(fn)) if (contains(fn, a)) return fn;
  return null;
}

function run(ctx: DetectorContext): Candidate[] {
  const text = ctx.root.text();
  if (!ARCHIVE.test(text) || FILE_GUARD.test(text)) return [];
  const bound = bindings(ctx.root);
  const out: Candidate[] = [];
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression' } })) {
    const callee = call.field('function')?.text() ?? '';
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (!WRITE.test(method)) continue;
    const value = writtenPath(call, method);
    if (!value) continue;
    const origin = originIn(value, bound, call);
    if (!origin) continue;
    const scope = commonScope(origin, call);
    const from = scope ? scope.range().start.index : 0;
    if (GUARD.test(text.slice(from, call.range().start.index))) continue;
    const cited = method === 'Writer' ? value : call;
    out.push({
      ruleId: 'zip-slip',
      startLine: startLine(cited),
      endLine: endLine(cited),
      symbol: symbolOf(call),
      subject: call.text(),
      detail: `\`${callee}\` writes to a path built from the archive entry name \`${origin.text().slice(0, 80)}\` with no check that it stays inside the destination.`,
      structural: 'an archive entry name reaches a file-system write without a containment check',
    });
  }
  return out;
}

export const zipSlip: Detector = {
  order: 9,
  rules: ['zip-slip'],
  // run() returns nothing unless ARCHIVE matches the parsed text, which is the file's text without its leading
  // whitespace (no ARCHIVE alternative starts or ends with whitespace), so a file ARCHIVE misses need not be parsed.
  // The old word list (`tar`, `zip` …) matched `start` and `target` in half of all files.
  prefilter: ARCHIVE,
  run,
};
