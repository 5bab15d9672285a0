// Resource leaks: a file descriptor or FileHandle closed outside finally with work in between, and a
// read stream piped into a response with no 'error' handler (a missing file crashes the process).
import type { SgNode } from '@ast-grep/napi';
import { endLine, enclosingFunction, escapeRe, FUNCTION_KINDS, startLine, symbolOf } from '../ast.ts';
import { isRequestHandler } from '../sources/handlers.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { findAllOf } from '../shared-find.ts';

const OPEN = /^(await\s+)?((fs|fsp|fsPromises|fs\.promises)\.)?(openSync|open)\s*\(/;

/** Inside a finally or catch block of its own function (closing on the error path). */
function inHandlerBlock(node: SgNode): boolean {
  for (const a of node.ancestors()) {
    const k = String(a.kind());
    if (k === 'finally_clause' || k === 'catch_clause') return true;
    if (FUNCTION_KINDS.has(k)) return false;
  }
  return false;
}

const OPEN_DECLARATIONS = { kind: 'variable_declarator', has: { field: 'value', regex: '^(await\\s+)?[\\w$.]*\\b(openSync|open)\\s*\\(' } };

function handleLeaks(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const decl of findAllOf(ctx.root, OPEN_DECLARATIONS)) {
    const value = decl.field('value')?.text() ?? '';
    const name = decl.field('name')?.text() ?? '';
    if (!OPEN.test(value) || !/^[\w$]+$/.test(name)) continue;
    // fs.open with a callback is handled in the callback; only sync and promise forms bind a handle.
    if (/\bopen\s*\(/.test(value) && !/^await\b/.test(value)) continue;
    const fn = enclosingFunction(decl);
    const scope = fn?.field('body') ?? ctx.root;
    const n = escapeRe(name);
    const closeRe = `(closeSync|close)\\(\\s*${n}\\b|\\b${n}\\.close\\(`;
    const closes = scope.findAll({ rule: { kind: 'call_expression', regex: `^(${closeRe})|^[\\w$.]*(closeSync|close)\\(\\s*${n}\\b` } });
    const firstClose = closes[0];
    if (!firstClose) continue;
    if (closes.some(inHandlerBlock)) continue;
    // Ownership passed on (returned or stored) is the caller's to close.
    const scopeText = scope.text();
    if (new RegExp(`return\\s+${n}\\b|this\\.[\\w$]+\\s*=\\s*${n}\\b`).test(scopeText)) continue;
    const from = startLine(decl);
    const to = startLine(firstClose);
    const between = ctx.lines.slice(from, to - 1).join('\n');
    if (!/\w\s*\(/.test(between)) continue;
    out.push({
      ruleId: 'handle-leak', startLine: from, endLine: endLine(decl), symbol: symbolOf(decl),
      subject: decl.text(),
      detail: `\`${name}\` is opened here and closed on line ${to}, but not in a finally block; a throw in between leaks it.`,
      structural: 'open … close without try/finally and calls in between',
    });
  }
  return out;
}

const PIPE_CALLS = { kind: 'call_expression', has: { field: 'function', regex: '\\.pipe$' } };

function streamLeaks(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const call of findAllOf(ctx.root, PIPE_CALLS)) {
    const callee = call.field('function')?.text() ?? '';
    const arg = call.field('arguments')?.text() ?? '';
    if (!/createReadStream\s*\(/.test(callee) && !/^\(\s*(res|response)\s*\)$/.test(arg)) continue;
    if (!/^\(\s*(res|response|reply\.raw)\s*\)$/.test(arg)) continue;
    const fn = enclosingFunction(call);
    if (!fn || !isRequestHandler(fn)) continue;
    const body = fn.text();
    if (/\.on\(\s*['"]error['"]|pipeline\(/.test(body)) continue;
    // The piped stream must be a file stream: created inline or bound to a variable created by createReadStream.
    const object = callee.replace(/\.pipe$/, '');
    const fromFile = /createReadStream\s*\(/.test(object) || (/^[\w$]+$/.test(object) && new RegExp(`\\b${escapeRe(object)}\\s*=\\s*[\\w$.]*createReadStream\\(`).test(body));
    if (!fromFile) continue;
    out.push({
      ruleId: 'stream-without-error-handler', startLine: startLine(call), endLine: endLine(call), symbol: symbolOf(call),
      subject: call.text(),
      detail: `\`${call.text().replace(/\s+/g, ' ').slice(0, 80)}\` has no 'error' listener in ${symbolOf(call)}.`,
      structural: "file stream piped to a response without an 'error' handler",
    });
  }
  return out;
}

export const resourceLeaks: Detector = {
  order: 28,
  rules: ['handle-leak', 'stream-without-error-handler'],
  prefilter: /\bopen(Sync)?\s*\(|createReadStream/,
  finds: [OPEN_DECLARATIONS, PIPE_CALLS],
  run: (ctx) => [...handleLeaks(ctx), ...streamLeaks(ctx)],
};
