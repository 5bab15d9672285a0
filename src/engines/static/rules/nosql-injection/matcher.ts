// NoSQL operator injection: a request field that a JSON body or a qs query string can turn into an object
// ({"$ne": null}, {"$regex": "^a"}) is put into a MongoDB / Mongoose filter as a value, or the whole body is the
// filter; `$where` built from input runs server-side JavaScript. A value that went through a call (String(),
// ObjectId(), a sanitiser) or a template is no longer the client's object; a `typeof x === 'string'` check guards it.
import type { SgNode } from '@ast-grep/napi';
import { argsOf, enclosingFunctions, escapeRe, startLine } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext, GuardFact } from '../../types.ts';
import { bindingValue, classify, facts } from '../../taint.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

// Request parts a body or query parser can make objects of. Express route params and headers are always strings.
const OBJECT_INPUT = /^(req|request)\.(body|query|payload)\b|^(ctx|context)\.request\.body\b/;
// Text some hit needs: the `$where` key, or what OBJECT_INPUT matches (ctx.request.body holds request.body).
const OBJECT_INPUT_TEXT = /\$where|req(?:uest)?\.(?:body|query|payload)/;
const FILTER_FIRST = new Set([
  'find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'findOneAndRemove', 'updateOne',
  'updateMany', 'update', 'deleteOne', 'deleteMany', 'remove', 'countDocuments', 'count', 'replaceOne', 'exists', 'aggregate',
]);
// Receivers that are a MongoDB collection: db.users, this.db.users, db.collection('x'), a *Collection variable.
const COLLECTION = /(^|\.)db\.[\w$]+$|(^|\.)\w*[cC]ollection\w*$|\.collection\([^()]*\)$/;
// A Mongoose model (User.findOne) only in a file that uses Mongoose or the MongoDB driver.
const MODEL = /^([\w$]+\.)?[A-Z][\w$]*$/;
const USES_MONGO = /\bmongoose\b|['"]mongodb['"]|\bSchema\(/;
// Operators whose operand is itself a filter; under any other `$` key an object operand is matched literally or cast.
const NESTED = new Set(['$and', '$or', '$nor', '$match', '$elemMatch']);
// Operator stripping applied to the whole app or connection.
const SANITISED_FILE = /(express-)?mongo-sanitize['"]|\bsanitizeFilter\b/;

interface Hit { node: SgNode; via: string; names: string[] }

/** The request field `value` reads, unchanged (no call, template or arithmetic in between), or null. */
function objectInput(value: SgNode, names: string[], depth = 0): string | null {
  if (depth > 4) return null;
  const k = value.kind();
  if (k === 'member_expression' || k === 'subscript_expression') {
    const text = value.text();
    if (value.field('property')?.text() === 'length') return null;
    names.push(text);
    if (OBJECT_INPUT.test(text)) return text;
    const object = value.field('object');
    const base = object ? objectInput(object, names, depth + 1) : null;
    return base ? `${base} → ${text}` : null;
  }
  if (k === 'identifier' || k === 'shorthand_property_identifier') {
    names.push(value.text());
    const bound = bindingValue(value);
    return bound ? objectInput(bound, names, depth + 1) : null;
  }
  if (k === 'parenthesized_expression' || k === 'await_expression') {
    const inner = value.namedChildren()[0];
    return inner ? objectInput(inner, names, depth + 1) : null;
  }
  return null;
}

function keyOf(pair: SgNode): string {
  return (pair.field('key')?.text() ?? '').replace(/^['"`]|['"`]$/g, '');
}

/** Request objects placed in the filter where MongoDB reads operators from them. */
function injected(filter: SgNode, out: Hit[], depth = 0): void {
  if (depth > 6) return;
  const k = filter.kind();
  if (k === 'object') {
    for (const child of filter.namedChildren()) {
      if (child.kind() === 'shorthand_property_identifier') {
        const names: string[] = [];
        const via = objectInput(child, names);
        if (via) out.push({ node: child, via, names });
        continue;
      }
      if (child.kind() !== 'pair') continue;
      const key = keyOf(child);
      const value = child.field('value');
      if (!value) continue;
      if (key === '$where') {
        const s = classify(value);
        if (s.kind === 'input') out.push({ node: value, via: `${s.via} (in $where JavaScript)`, names: s.names });
        continue;
      }
      if (key.startsWith('$') && !NESTED.has(key)) continue;
      injected(value, out, depth + 1);
    }
    return;
  }
  if (k === 'array') {
    for (const el of filter.namedChildren()) injected(el, out, depth + 1);
    return;
  }
  const names: string[] = [];
  const via = objectInput(filter, names);
  if (via) out.push({ node: filter, via, names });
}

/** `typeof x === 'string'` (or a validator.is…(x) call, which throws on objects) before the sink. */
function stringGuard(sink: SgNode, names: readonly string[], lines: readonly string[]): GuardFact | null {
  const usable = [...new Set(names)].filter((n) => /^[\w$]+(\.[\w$]+)*$/.test(n));
  if (usable.length === 0) return null;
  const res = usable.map((n) => new RegExp(`typeof\\s+${escapeRe(n)}\\s*[!=]==?\\s*['"]string['"]|\\bvalidator\\.is\\w+\\(\\s*${escapeRe(n)}\\s*[,)]`));
  const fns = enclosingFunctions(sink);
  const outer = fns[fns.length - 1];
  const to = startLine(sink);
  for (let line = outer ? startLine(outer) : 1; line < to; line++) {
    const text = lines[line - 1] ?? '';
    if (text.length <= 2000 && res.some((re) => re.test(text))) return { kind: 'type-check', text: text.trim().slice(0, 200), line };
  }
  return null;
}

function isCollection(receiverNode: SgNode | null, content: string): boolean {
  if (!receiverNode) return false;
  const receiver = receiverNode.text();
  if (COLLECTION.test(receiver) || (MODEL.test(receiver) && USES_MONGO.test(content))) return true;
  // `const store = req.app.db; store.users.findOne(…)`
  const base = receiverNode.kind() === 'member_expression' ? receiverNode.field('object') : null;
  const bound = base?.kind() === 'identifier' ? bindingValue(base) : null;
  return bound !== null && /(^|\.)db$/.test(bound.text());
}

function run(ctx: DetectorContext): Candidate[] {
  if (SANITISED_FILE.test(ctx.file.content)) return [];
  const out: Candidate[] = [];
  const calls = ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } } });
  for (const call of calls) {
    const callee = call.field('function');
    const method = callee?.field('property')?.text() ?? '';
    if (!FILTER_FIRST.has(method)) continue;
    const receiverNode = callee?.field('object') ?? null;
    if (!isCollection(receiverNode, ctx.file.content)) continue;
    const receiver = receiverNode?.text() ?? '';
    const filter = argsOf(call)[0];
    if (!filter) continue;
    const hits: Hit[] = [];
    injected(filter, hits);
    if (hits.length === 0) continue;
    const first = hits[0] as Hit;
    const names = hits.flatMap((h) => h.names);
    const c = sinkCandidate({
      ruleId: 'nosql-injection', sink: call, values: hits.map((h) => h.node), lines: ctx.lines,
      source: facts('input', first.via, names, startLine(first.node)),
      describe: (s) => `\`${receiver}.${method}\` takes its filter from ${s.via}, which a JSON body or query string can make an operator object such as {"$ne": null}.`,
    });
    if (!c) continue;
    const guard = c.guard ?? stringGuard(call, names, ctx.lines);
    if (guard) c.guard = guard;
    out.push(c);
  }
  return out;
}

export const nosqlInjection: Detector = {
  order: 11,
  rules: ['nosql-injection'],
  prefilter: /\.(find|findOne\w*|update\w*|delete\w*|remove|count\w*|replaceOne|exists|aggregate)\(/,
  // Every finding passed isCollection: a receiver COLLECTION matches holds `db.` or `ollection`, one bound to a `db`
  // holds `db`, and a model needs USES_MONGO. Most files calling .find( or .update( use no database at all.
  // Every finding also has a hit: a `$where` key, or a member expression OBJECT_INPUT matches, written in this file.
  requires: { test: (text) => (/db|ollection/.test(text) || USES_MONGO.test(text)) && OBJECT_INPUT_TEXT.test(text) },
  run,
};
