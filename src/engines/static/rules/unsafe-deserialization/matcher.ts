// Unsafe deserialization: node-serialize's unserialize runs `_$$ND_FUNC$$_function(){…}()` values and
// serialize-to-js's deserialize evaluates its input, so request input (or a library's exported parameter) that
// reaches them runs code; so does js-yaml's load with DEFAULT_FULL_SCHEMA. Only names bound to those modules count:
// JSON.parse and other formats' parsers are data-only.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../../ast.ts';
import { moduleBindings, moduleFunction } from '../../modules.ts';
import { bindingValue } from '../../taint.ts';
import type { Candidate, Detector, DetectorContext } from '../../types.ts';
import { sinkCandidate } from '../../matchers/sink.ts';

const MODULES: Record<string, string> = { 'node-serialize': 'unserialize', 'serialize-to-js': 'deserialize' };

/** Callee texts that reach an evaluating deserializer in this file: `codec.unserialize`, a destructured alias. */
function deserializers(content: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [mod, fn] of Object.entries(MODULES)) {
    const q = `['"]${mod.replace('-', '\\-')}['"]`;
    out.set(`require('${mod}').${fn}`, mod);
    out.set(`require("${mod}").${fn}`, mod);
    const whole = new RegExp(`(?:const|let|var)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*${q}\\s*\\)|import\\s+(?:\\*\\s+as\\s+)?([\\w$]+)\\s+from\\s+${q}`, 'g');
    for (const m of content.matchAll(whole)) out.set(`${m[1] ?? m[2]}.${fn}`, mod);
    const parts = new RegExp(`(?:(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*require\\(\\s*${q}\\s*\\)|import\\s*\\{([^}]*)\\}\\s*from\\s+${q})`, 'g');
    for (const m of content.matchAll(parts)) {
      for (const piece of (m[1] ?? m[2] ?? '').split(',')) {
        const [name, alias] = piece.split(/\s*(?::|\bas\b)\s*/).map((s) => s.trim());
        if (name === fn) out.set(alias || name, mod);
      }
    }
  }
  return out;
}

// js-yaml's full schema (3.x DEFAULT_FULL_SCHEMA) builds functions from `!!js/function` and, before 3.13.1, calls
// them while loading keys. The default schemas of js-yaml 4 and safeLoad build data only, so a load counts only
// when its options name the full schema.
const YAML_LOADS = /^(load|loadAll)$/;

function fullSchema(options: SgNode | undefined): boolean {
  const value = options?.kind() === 'identifier' ? bindingValue(options) : options;
  return value?.kind() === 'object' && value.namedChildren().some((p) => p.kind() === 'pair' && /^['"]?schema['"]?$/.test(p.field('key')?.text() ?? '') && /(^|\.)DEFAULT_FULL_SCHEMA$/.test(p.field('value')?.text() ?? ''));
}

function yamlCandidates(ctx: DetectorContext): Candidate[] {
  const b = moduleBindings(ctx.file.content, ['js-yaml']);
  const out: Candidate[] = [];
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '(^|\\.)(load|loadAll)$' } } })) {
    const callee = call.field('function')?.text() ?? '';
    const [doc, options] = argsOf(call);
    if (!doc || !YAML_LOADS.test(moduleFunction(callee, b, ['js-yaml']) ?? '') || !fullSchema(options)) continue;
    const c = sinkCandidate({
      ruleId: 'unsafe-deserialization', sink: call, values: [doc], lines: ctx.lines,
      describe: (s) => `\`${callee}\` (js-yaml, DEFAULT_FULL_SCHEMA) loads ${s.via}; a \`!!js/function\` in it becomes code.`,
    });
    if (c) out.push(c);
  }
  return out;
}

function run(ctx: DetectorContext): Candidate[] {
  const known = deserializers(ctx.file.content);
  const out: Candidate[] = yamlCandidates(ctx);
  for (const call of ctx.root.findAll({ rule: { kind: 'call_expression' } })) {
    const callee = call.field('function')?.text() ?? '';
    const mod = known.get(callee);
    if (!mod) continue;
    const value: SgNode | undefined = argsOf(call)[0];
    if (!value) continue;
    const c = sinkCandidate({
      ruleId: 'unsafe-deserialization', sink: call, values: [value], lines: ctx.lines,
      describe: (s) => `\`${callee}\` (${mod}) deserializes ${s.via}; a serialized function in it runs on load.`,
    });
    if (c) out.push(c);
  }
  return out;
}

export const unsafeDeserialization: Detector = {
  order: 12,
  rules: ['unsafe-deserialization'],
  prefilter: /node-serialize|serialize-to-js|DEFAULT_FULL_SCHEMA/,
  run,
};
