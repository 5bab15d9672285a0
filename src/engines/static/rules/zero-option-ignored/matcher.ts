// Numeric options read through a truthiness test: `if (opts.maxAge) … 'Max-Age=' + opts.maxAge`,
// `if (opts.maxWaiting) this.maxWaiting = parseInt(opts.maxWaiting, 10)`. Zero is a valid count, age, size or limit
// (expire now, allow none), but `if (x)` reads it as "not given" and the default stays. Flagged only when the branch
// uses the option as a number (parseInt/parseFloat/Number/Math.*, `- 0`, unary `+`, or `'Name=' + x`) and its name is
// a quantity (max…/min…, …Age/Count/Size/Limit/Length/Retries/Depth/Ttl/Threshold); not timeouts, intervals,
// delays or ports (where 0 conventionally means "off"), not fields of anything but an options object (a record
// parsed from text holds '0', which is truthy), and not when the function tests the option against 0, undefined, null
// or its type anywhere.
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { findAllOf } from '../../shared-find.ts';

const QUANTITY = /^(max|min)([A-Z_]\w*)?$|^\w+(Age|Count|Size|Limit|Length|Retries|Depth|Ttl|TTL|Threshold)$|^(limit|size|count|ttl|retries|depth|threshold|concurrency)$/;
// Options a caller hands in (`opts`, `options`, `this.config`, `poolOptions`): where a 0 is a value someone chose.
// A record parsed from text (`this._pax.size`, a header field) holds strings, and '0' is truthy.
const OPTIONS = /^(opts?|options|config|conf|cfg|settings|params|props|init)$|(Opts|Options|Config|Settings)$/;
const NOT_QUANTITY = /timeout|interval|delay|port|wait(?!ing)/i;

/** The option tested in `if (obj.name)`, as [object text, property name], when it is a quantity option. */
function testedOption(test: SgNode): [string, string] | undefined {
  const inner = test.kind() === 'parenthesized_expression' ? test.namedChildren()[0] : test;
  if (!inner || inner.kind() !== 'member_expression') return undefined;
  const object = inner.field('object')?.text() ?? '';
  const property = inner.field('property')?.text() ?? '';
  if (!/^(this\.)?[\w$]+$/.test(object) || !OPTIONS.test(object.replace(/^this\./, '')) || !QUANTITY.test(property) || NOT_QUANTITY.test(property)) return undefined;
  return [object, property];
}

const IFS = { kind: 'if_statement' };

function run(ctx: DetectorContext): Candidate[] {
  const out: Candidate[] = [];
  for (const ifs of findAllOf(ctx.root, IFS)) {
    const test = ifs.field('condition');
    const option = test ? testedOption(test) : undefined;
    if (!option) continue;
    const [object, property] = option;
    const o = `${escapeRe(object)}\\.${escapeRe(property)}`;
    const branch = ifs.field('consequence')?.text() ?? '';
    const numeric = new RegExp(`\\b(parseInt|parseFloat|Number|Math\\.\\w+)\\(\\s*${o}\\b|(^|[^\\w$.])${o}\\s*-\\s*0\\b|(^|[^\\w$+])\\+\\s*${o}\\b|['"\`][^'"\`]*[=:]\\s*['"\`]\\s*\\+\\s*${o}\\b`);
    if (!numeric.test(branch)) continue;
    const scope = (enclosingFunction(ifs) ?? ctx.root).text();
    const zeroKnown = new RegExp(`${o}\\s*[!=]==?\\s*(0|null|undefined|void 0)\\b|(0|null|undefined)\\s*[!=]==?\\s*${o}\\b|typeof\\s+\\(?\\s*${o}\\b|['"]${escapeRe(property)}['"]\\s+in\\s+${escapeRe(object)}\\b|${o}\\s*[<>]=?\\s*0\\b|${o}\\s*\\?\\?`);
    if (zeroKnown.test(scope)) continue;
    out.push({
      ruleId: 'zero-option-ignored', startLine: startLine(ifs), endLine: startLine(ifs), symbol: symbolOf(ifs),
      subject: `${object}.${property}`,
      detail: `\`if (${object}.${property})\` treats 0 as "not given", yet the branch uses \`${object}.${property}\` as a number: a caller passing 0 keeps the default instead.`,
      structural: 'a numeric option tested for truthiness, so 0 is ignored',
    });
  }
  return out;
}

export const zeroOptionIgnored: Detector = {
  order: 32,
  rules: ['zero-option-ignored'],
  prefilter: /\bif\s*\(\s*[\w$.]+\.(max|min|\w+(Age|Count|Size|Limit|Length|Retries|Depth|Ttl|TTL|Threshold)\b|limit|size|count|ttl|retries|depth|threshold|concurrency)/,
  finds: [IFS],
  run,
};
