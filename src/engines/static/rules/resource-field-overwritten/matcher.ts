// A field holding a resource the class releases elsewhere (`this.conn.disconnect()`, `clearInterval(this.timer)`),
// overwritten in a method with a new one (`this.conn = new Redis(…)`, `this.timer = setInterval(…)`,
// `this.socket = net.connect(…)`) while the previous value may still be open: the old connection or interval leaks
// each time the method runs again (reconnects, failovers, a second start()). Not flagged: the constructor, a method
// that releases or tests the field before the assignment (itself or through a method of the file it calls first), or saves the old value to release it afterwards, and a
// method called only straight from the constructor (an init helper: it runs once).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const RELEASE = '(close|disconnect|end|destroy|quit|terminate|kill|stop|abort)';
const MAKES = /^(new\s+[\w$.]+\s*\(|[\w$.]*\b(setInterval|createConnection|createServer|connect|createSocket|createReadStream|createWriteStream|spawn|fork)\s*\()/;

function isConstructor(fn: SgNode): boolean {
  return fn.kind() === 'method_definition' && fn.field('name')?.text() === 'constructor';
}

/** A method called only straight from the constructor (not from a callback there): it runs once, like the constructor. */
function initHelper(root: SgNode, fn: SgNode): boolean {
  const name = fn.kind() === 'method_definition' ? fn.field('name')?.text() : undefined;
  if (!name) return false;
  const calls = root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^this\\.${escapeRe(name)}$` } } });
  return calls.length > 0 && calls.every((c) => { const owner = enclosingFunction(c); return owner !== null && isConstructor(owner); });
}

/** A method of the file called on `this` before the assignment (`this.destroy()`) releases the field in its body. */
function releasedByMethod(root: SgNode, before: string, released: RegExp): boolean {
  const names = new Set([...before.matchAll(/\bthis\.([\w$]+)\s*\(/g)].map((m) => m[1] as string));
  if (names.size === 0) return false;
  return root.findAll({ rule: { kind: 'method_definition' } }).some((m) => names.has(m.field('name')?.text() ?? '') && released.test(m.text()));
}

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  const text = ctx.file.content;
  for (const assign of ctx.root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression', regex: '^this\\.[\\w$]+$' } } })) {
    const field = assign.field('left')!.text().slice(5);
    const rhs = assign.field('right');
    if (!rhs || !MAKES.test(rhs.text())) continue;
    const f = escapeRe(field);
    const timer = /\bsetInterval\s*\(/.test(rhs.text());
    const released = timer ? new RegExp(`clearInterval\\(\\s*this\\.${f}\\s*\\)`) : new RegExp(`this\\.${f}\\.${RELEASE}\\s*\\(`);
    if (!released.test(text)) continue;
    const fn = enclosingFunction(assign);
    if (!fn || isConstructor(fn)) continue;
    // Only methods of a class or prototype functions: a plain function's `this` is not a long-lived owner.
    if (fn.kind() !== 'method_definition' && !/\.prototype\.[\w$]+\s*=\s*$/.test(text.slice(Math.max(0, fn.range().start.index - 200), fn.range().start.index))) continue;
    if (initHelper(ctx.root, fn)) continue;
    const before = text.slice(fn.range().start.index, assign.range().start.index);
    if (released.test(before) || releasedByMethod(ctx.root, before, released) || new RegExp(`if\\s*\\(\\s*!?\\s*this\\.${f}\\b|=\\s*this\\.${f}\\s*[;\\n]|this\\.${f}\\s*(&&|\\?\\.)`).test(before)) continue;
    out.push({
      ruleId: 'resource-field-overwritten', startLine: startLine(assign), endLine: startLine(assign), symbol: symbolOf(assign),
      subject: `this.${field} = ${rhs.text().slice(0, 60)}`,
      detail: `\`this.${field}\` is released elsewhere in this file, but ${symbolOf(assign)} replaces it without releasing the previous one: each call after the first leaks ${timer ? 'an interval' : 'the old resource'}.`,
      structural: 'a resource field overwritten without releasing the old value',
    });
  }
  return out;
}

export const resourceFieldOverwritten: Detector = {
  order: 36,
  rules: ['resource-field-overwritten'],
  prefilter: /this\.[\w$]+\s*=\s*(new\b|[\w$.]*\b(setInterval|createConnection|createServer|connect|createSocket|createReadStream|createWriteStream|spawn|fork)\s*\()/,
  // A finding needs the field released somewhere in the file (`released`, tested on the whole text, for some field
  // `[\w$]+`): a file without any such release is not walked.
  requires: new RegExp(`clearInterval\\(\\s*this\\.[\\w$]+\\s*\\)|this\\.[\\w$]+\\.${RELEASE}\\s*\\(`),
  run,
};
