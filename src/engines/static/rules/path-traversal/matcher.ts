// Path traversal: fs calls and res.sendFile/download whose path derives from input without containment.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { moduleBindings, moduleFunction } from '../../modules.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

const FS = ['fs', 'fs/promises', 'fs-extra', 'graceful-fs'];
const FS_FUNCS = new Set([
  'readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createReadStream', 'createWriteStream',
  'unlink', 'unlinkSync', 'rm', 'rmSync', 'readdir', 'readdirSync', 'open', 'openSync', 'copyFile', 'copyFileSync', 'rename', 'renameSync',
  'rmdir', 'rmdirSync', 'outputFile', 'outputFileSync', 'remove', 'removeSync', 'readJson', 'readJsonSync', 'writeJson', 'writeJsonSync',
]);
const FS_OBJECT = /^(fs|fsp|fse|fsPromises|fs\.promises|promises|fsExtra)$/;
const RESPONSE_FILE = /^(res|response|reply)\.(sendFile|sendfile|download|attachment)$/;

function hasRootOption(args: SgNode[]): boolean {
  return args.slice(1).some((a) => a.kind() === 'object' && /\broot\s*:/.test(a.text()));
}

const FILE_CALLS = { kind: 'call_expression', has: { field: 'function', regex: `(^|\\.)(${[...FS_FUNCS].join('|')}|sendFile|sendfile|download)$` } };

function run(ctx: DetectorContext): Candidate[] {
  const b = moduleBindings(ctx.file.content, FS);
  const out: Candidate[] = [];
  const calls = findAllOf(ctx.root, FILE_CALLS);
  for (const call of calls) {
    const callee = call.field('function')?.text() ?? '';
    const args = argsOf(call);
    const first = args[0];
    if (!first) continue;
    if (RESPONSE_FILE.test(callee)) {
      // send's `root` option rejects paths that leave the root.
      if (hasRootOption(args)) continue;
    } else {
      const dot = callee.lastIndexOf('.');
      const viaObject = dot > 0 && FS_OBJECT.test(callee.slice(0, dot)) && FS_FUNCS.has(callee.slice(dot + 1));
      const fn = viaObject ? callee.slice(dot + 1) : moduleFunction(callee, b, FS);
      if (!fn || !FS_FUNCS.has(fn)) continue;
    }
    const c = sinkCandidate({
      ruleId: 'path-traversal', sink: call, values: [first], lines: ctx.lines,
      describe: (s) => `\`${callee}\` opens a path derived from ${s.via}.`,
    });
    // A path from the operator's own command line is not an attack: whoever runs the CLI can open that file anyway.
    if (c && !(c.source?.kind === 'input' && /^process\.argv\b/.test(c.source.via))) out.push(c);
  }
  return out;
}

export const pathTraversal: Detector = {
  order: 4,
  rules: ['path-traversal'],
  prefilter: /\bfs\b|fs\/promises|fs-extra|sendFile|sendfile|\.download\(/,
  finds: [FILE_CALLS],
  run,
};
