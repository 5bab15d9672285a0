// Unsafe deserialization: node-serialize's unserialize runs `_$$ND_FUNC$$_function(){…}()` values and
// serialize-to-js's deserialize evaluates its input, so request input (or a library's exported parameter) that
// reaches them runs code. Only names bound to those modules count: JSON.parse and other formats' parsers are data-only.
import type { SgNode } from '@ast-grep/napi';
import { argsOf } from '../ast.ts';
import type { Candidate, Detector, DetectorContext } from '../types.ts';
import { sinkCandidate } from './sink.ts';

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

function run(ctx: DetectorContext): Candidate[] {
  const known = deserializers(ctx.file.content);
  const out: Candidate[] = [];
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
  rules: ['unsafe-deserialization'],
  prefilter: /node-serialize|serialize-to-js/,
  run,
};
