// A function asked to make room for `bytes` whose first-allocation branch allocates a fixed-size buffer (`new
// Buffer(ALLOC_SIZE)`, `Buffer.alloc(CHUNK)`, `new ArrayBuffer(BLOCK)`) and returns without looking at `bytes`, while
// the rest of the function compares against it: a first request larger than the constant gets a buffer too small
// and the write is truncated (mysql's PacketWriter). Not flagged: allocations sized from the parameter (`Math.max(C,
// bytes)`), branches that go on instead of returning, and functions that never compare with the parameter.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, FUNCTION_KINDS, paramsOf, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const SIZE_PARAM = /^(bytes|size|length|len|needed|required|byteLength|n)$/;
const FIXED_ALLOC = /^(new\s+Buffer|Buffer\.(alloc|allocUnsafe|allocUnsafeSlow)|new\s+(ArrayBuffer|Uint8Array|SharedArrayBuffer))\(\s*([A-Z][A-Z0-9_]*)\s*\)$/;

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const fn of ctx.root.findAll({ rule: { any: [...FUNCTION_KINDS].map((kind) => ({ kind })) } })) {
    const param = paramsOf(fn).map((p) => p.name).find((p) => SIZE_PARAM.test(p));
    if (!param) continue;
    const body = fn.field('body');
    if (!body || body.kind() !== 'statement_block') continue;
    const p = escapeRe(param);
    if (!new RegExp(`[<>]=?\\s*${p}\\b|\\b${p}\\s*[<>]|Math\\.max\\([^)]*\\b${p}\\b`).test(body.text())) continue;
    for (const ifs of body.children().filter((c) => c.kind() === 'if_statement')) {
      const branch = ifs.field('consequence');
      if (!branch || branch.kind() !== 'statement_block') continue;
      const stmts = branch.namedChildren().filter((c) => c.kind() !== 'comment');
      const code = branch.text().replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
      if (stmts.at(-1)?.kind() !== 'return_statement' || new RegExp(`\\b${p}\\b`).test(code)) continue;
      const alloc = branch.findAll({ rule: { any: [{ kind: 'new_expression' }, { kind: 'call_expression' }] } }).find((a: SgNode) => FIXED_ALLOC.test(a.text()));
      if (!alloc) continue;
      const constant = FIXED_ALLOC.exec(alloc.text())![4]!;
      out.push({
        ruleId: 'allocation-ignores-size', startLine: startLine(alloc), endLine: startLine(alloc), symbol: symbolOf(alloc),
        subject: `${alloc.text()} without ${param}`,
        detail: `The caller asks for \`${param}\` bytes, but this branch allocates \`${constant}\` and returns without comparing: a first request larger than \`${constant}\` gets a buffer too small.`,
        structural: 'fixed-size allocation on a path that ignores the requested size',
      });
    }
  }
  return out;
}

export const allocationIgnoresSize: Detector = {
  order: 42,
  rules: ['allocation-ignores-size'],
  prefilter: /(new\s+Buffer|Buffer\.alloc\w*|new\s+(ArrayBuffer|Uint8Array|SharedArrayBuffer))\(\s*[A-Z][A-Z0-9_]*\s*\)/,
  run,
};
