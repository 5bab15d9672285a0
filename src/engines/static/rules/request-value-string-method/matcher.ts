// Request values assumed to be strings: `req.query.x` and `req.body.x` can be arrays or objects (`?x=a&x=b`,
// `?x[k]=v`, a JSON body) or numbers, yet the code calls a string-only method on them (`.toLowerCase()`, `.trim()`,
// `.split()`) or hands them to an API that needs a string (`bcrypt.compare`, a hash's `.update`, `path.join`):
// a crafted request throws a TypeError (a 500, or a crashed process outside a framework) or compares the wrong
// thing. Not flagged: a function that checks the type (`typeof x === 'string'`, `Array.isArray`, `String(x)`), a
// file that validates with a schema library (zod, joi, ajv, yup, express-validator, celebrate, class-validator,
// superstruct, TypeBox, valibot), and `req.params` (always strings).
import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction, escapeRe, startLine, symbolOf } from '../../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';

const SOURCE = /^(req|request)\.(query|body)\.[A-Za-z_$][\w$]*$|^ctx\.(request\.body|query)\.[A-Za-z_$][\w$]*$/;
const WHOLE = /^(req|request)\.(query|body)$|^ctx\.(request\.body|query)$/;
const STRING_ONLY = /^(toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|trim|trimStart|trimEnd|split|replace|replaceAll|startsWith|endsWith|padStart|padEnd|localeCompare|normalize|charAt|charCodeAt|codePointAt|match|matchAll|search|substring|substr)$/;
const STRING_APIS = /^(bcrypt(js)?\.(compare|compareSync)|argon2\.verify|path\.(join|resolve|normalize|basename|extname|dirname)|crypto\.timingSafeEqual)$/;
const SCHEMA_LIB = /\brequire\(\s*['"](zod|joi|@hapi\/joi|ajv|yup|express-validator|celebrate|class-validator|superstruct|@sinclair\/typebox|valibot)['"]\s*\)|\bfrom\s+['"](zod|joi|@hapi\/joi|ajv|yup|express-validator|celebrate|class-validator|superstruct|@sinclair\/typebox|valibot)['"]/;

/** The names bound to single request values in a function: `const x = req.query.x`, `const { x } = req.body`. */
function boundValues(fn: SgNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of fn.findAll({ rule: { kind: 'variable_declarator' } })) {
    const name = decl.field('name');
    const value = decl.field('value');
    if (!name || !value) continue;
    const v = value.text();
    if (name.kind() === 'identifier' && SOURCE.test(v)) out.set(name.text(), v);
    else if (name.kind() === 'object_pattern' && WHOLE.test(v)) {
      for (const p of name.namedChildren()) {
        if (p.kind() === 'shorthand_property_identifier_pattern') out.set(p.text(), `${v}.${p.text()}`);
        else if (p.kind() === 'pair_pattern' && p.field('value')?.kind() === 'identifier') out.set(p.field('value')!.text(), `${v}.${p.field('key')?.text() ?? ''}`);
      }
    }
  }
  return out;
}

function checked(fnText: string, name: string): boolean {
  const n = escapeRe(name);
  return new RegExp(`typeof\\s+\\(?\\s*${n}\\b|Array\\.isArray\\(\\s*${n}\\b|String\\(\\s*${n}\\s*\\)|\\b${n}\\s+instanceof\\b|\\b${n}\\s*=\\s*String\\(|\\b${n}\\s*=\\s*\`|\\$\\{\\s*${n}\\s*\\}`).test(fnText);
}

function run(ctx: DetectorContext): Candidate[] {
  if (SCHEMA_LIB.test(ctx.file.content)) return [];
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression' } })) {
    const fn = enclosingFunction(call);
    if (!fn) continue;
    const callee = call.field('function');
    if (!callee) continue;
    let value: SgNode | undefined;
    let how = '';
    if (callee.kind() === 'member_expression' && STRING_ONLY.test(callee.field('property')?.text() ?? '')) {
      value = callee.field('object') ?? undefined;
      how = `.${callee.field('property')!.text()}()`;
    } else if (STRING_APIS.test(callee.text())) {
      value = call.field('arguments')?.namedChildren().find((a) => a.kind() === 'identifier' || a.kind() === 'member_expression');
      how = `${callee.text()}()`;
    } else if (callee.kind() === 'member_expression' && callee.field('property')?.text() === 'update' && /create(Hash|Hmac)\s*\(/.test(callee.field('object')?.text() ?? '')) {
      value = call.field('arguments')?.namedChildren()[0];
      how = 'a hash\'s .update()';
    }
    if (!value) continue;
    const text = value.text();
    const bound = value.kind() === 'identifier' ? boundValues(fn).get(text) : undefined;
    const source = SOURCE.test(text) ? text : bound;
    if (!source) continue;
    const fnText = fn.text();
    if (checked(fnText, text) || (bound === undefined && checked(fnText, text.split('.').pop()!))) continue;
    const key = `${startLine(call)}:${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      ruleId: 'request-value-string-method', startLine: startLine(call), endLine: startLine(call), symbol: symbolOf(call),
      subject: `${source}→${how}`,
      detail: `\`${source}\` can be an array, an object or a number (\`?x=a&x=b\`, \`?x[k]=v\`, a JSON body), but ${how} needs a string: a crafted request throws a TypeError.`,
      structural: 'request value used as a string without a type check',
    });
  }
  return out;
}

export const requestValueStringMethod: Detector = {
  order: 31,
  rules: ['request-value-string-method'],
  prefilter: /\b(req|request|ctx)\.(query|body|request)\b/,
  run,
};
