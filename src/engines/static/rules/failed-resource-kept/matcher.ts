// A connection created and added to a tracking collection (`this._all.push(conn)`, `registry.add(conn)`), whose connect
// callback answers an error without removing or destroying it: `if (err) return cb(err)`. The dead connection stays
// in the collection, counted against the pool's limit and never closed (mysql's pool.getConnection race). Not flagged:
// an error branch that mentions the connection (destroy, purge, remove), a connection never added to a collection.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const CALLBACK = new Set(['arrow_function', 'function_expression', 'function']);

/** The callback argument of `conn.connect(…, cb)` (possibly `function () {}.bind(this)`). */
function callbackOf(call: SgNode): SgNode | undefined {
  const last = argsOf(call).at(-1);
  if (!last) return undefined;
  if (CALLBACK.has(String(last.kind()))) return last;
  if (last.kind() === 'call_expression' && (last.field('function')?.text() ?? '').endsWith('.bind')) {
    const inner = last.field('function')?.field('object');
    return inner && CALLBACK.has(String(inner.kind())) ? inner : undefined;
  }
  return undefined;
}

const RESOURCE_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '^[\\w$]+\\.(connect|open|listen|start)$' } };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const call of findAllOf(ctx.root, RESOURCE_CALLS)) {
    const name = call.field('function')!.field('object')!.text();
    const n = escapeRe(name);
    const cb = callbackOf(call);
    if (!cb) continue;
    const params = cb.field('parameters')?.text() ?? '';
    const err = /^\(\s*([\w$]+)/.exec(params)?.[1];
    if (!err || !/^(err|error|e)$/.test(err)) continue;
    // Created and tracked before the call, in the text that leads to it.
    const lead = ctx.file.content.slice(Math.max(0, call.range().start.index - 1200), call.range().start.index);
    if (!new RegExp(`\\b${n}\\s*=\\s*new\\s+[\\w$.]+\\(`).test(lead) || !new RegExp(`\\.(push|add|set)\\(\\s*(${n}|[^)]*,\\s*${n})\\s*\\)`).test(lead)) continue;
    for (const ifs of cb.field('body')?.children().filter((c) => c.kind() === 'if_statement') ?? []) {
      const branch = ifs.field('consequence');
      if (!branch) continue;
      const text = branch.text().replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
      if (!/^\{?\s*return\b/.test(text.trim()) || !new RegExp(`\\(\\s*(${escapeRe(err)}\\b|new\\s+\\w*Error\\()`).test(text)) continue;
      if (new RegExp(`\\b${n}\\b`).test(text)) continue;
      const at = branch.kind() === 'statement_block' ? (branch.namedChildren().find((c) => c.kind() !== 'comment') ?? branch) : branch;
      out.push({
        ruleId: 'failed-resource-kept', startLine: startLine(at), endLine: startLine(at), symbol: symbolOf(at),
        subject: `${name}:${ifs.field('condition')?.text().slice(0, 60)}`,
        detail: `\`${name}\` was created and added to a collection before \`${name}.${call.field('function')!.field('property')!.text()}()\`, but this error branch reports the failure without removing or destroying it: the dead \`${name}\` stays tracked.`,
        structural: 'error branch of a connect callback that leaves the tracked connection in place',
      });
    }
  }
  return out;
}

export const failedResourceKept: Detector = {
  order: 41,
  rules: ['failed-resource-kept'],
  prefilter: /\.(connect|open|listen|start)\(/,
  requires: /\.(push|add|set)\(/,
  finds: [RESOURCE_CALLS],
  run,
};
