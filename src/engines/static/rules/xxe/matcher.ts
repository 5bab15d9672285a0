// XXE: libxmljs (and libxmljs2) parse with `noent: true` substitute entities, so a document that declares
// <!ENTITY x SYSTEM "file:///etc/passwd"> (or an http URL) has the file read, or the URL fetched, and inlined.
// Only names bound to those modules count; parsers that never resolve external entities (xml2js, @xmldom/xmldom,
// fast-xml-parser, sax) are not sinks. The options must be an object (inline or bound in the file) with noent set.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { moduleBindings, moduleFunction } from '../../modules.ts';
import { bindingValue } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

const MODULES = ['libxmljs', 'libxmljs2'];
const PARSERS = /^(parseXml|parseXmlString|parseXmlAsync|Document\.fromXml)$/;

/** The options object itself: inline, or the object literal an identifier is bound to. */
function optionsObject(arg: SgNode | undefined): SgNode | null {
  if (!arg) return null;
  const value = arg.kind() === 'identifier' ? bindingValue(arg) : arg;
  return value?.kind() === 'object' ? value : null;
}

/** True when the options turn entity substitution on (`noent: true`, or 1). */
function substitutesEntities(options: SgNode): boolean {
  return options.namedChildren().some((p) => p.kind() === 'pair' && /^['"]?noent['"]?$/.test(p.field('key')?.text() ?? '') && /^(true|1|!0)$/.test(p.field('value')?.text() ?? ''));
}

function run(ctx: DetectorContext): Candidate[] {
  const bindings = moduleBindings(ctx.file.content, MODULES);
  const out: Candidate[] = [];
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '(parseXml\\w*|fromXml)$' } } })) {
    const callee = call.field('function')?.text() ?? '';
    // `libxmljs.Document.fromXml`: the module function is the last two segments.
    const fn = moduleFunction(callee.replace(/\.Document\.fromXml$/, '.fromXml'), bindings, MODULES);
    const name = fn === 'fromXml' ? 'Document.fromXml' : fn;
    if (!name || !PARSERS.test(name)) continue;
    const [xml, opts] = argsOf(call);
    const options = optionsObject(opts);
    if (!xml || !options || !substitutesEntities(options)) continue;
    const c = sinkCandidate({
      ruleId: 'xxe', sink: call, values: [xml], lines: ctx.lines,
      describe: (s) => `\`${callee}\` parses ${s.via} with \`noent: true\`: external entities in it are read from disk or fetched and substituted.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const xxe: Detector = {
  order: 14,
  rules: ['xxe'],
  prefilter: /libxmljs/,
  run,
};
