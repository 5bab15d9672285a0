// The rewrites the mutation run applies to a sink file, each a real compiler's output with its source map: the same
// program in the shape other packages ship it. `es5`: TypeScript compiling to ES5 and CommonJS (classes become
// functions in an IIFE, arrows capture `this` as `_this`, rest parameters a copy loop over `arguments`, for…of an
// index loop). `rename`: esbuild renaming every local variable and parameter (`req` becomes `e`), the names a rule
// must not depend on. Top-level names, properties and strings stay.
import { transformSync } from 'esbuild';
import ts from 'typescript';

export const MUTATIONS = ['es5', 'rename'] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface Compiled { code: string; map: string }

const isTs = (file: string) => /\.[mc]?tsx?$/.test(file);

export function compile(mutation: Mutation, file: string, text: string): Compiled {
  if (mutation === 'es5') {
    const out = ts.transpileModule(text, {
      fileName: isTs(file) ? file : 'source.js',
      compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.CommonJS, sourceMap: true, allowJs: true },
    });
    return { code: out.outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map: out.sourceMapText ?? '{"mappings":""}' };
  }
  const out = transformSync(text, { minifyIdentifiers: true, sourcemap: 'external', loader: isTs(file) ? 'ts' : 'js', legalComments: 'inline' });
  return { code: out.code, map: out.map };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The lines (1-based) of the compiled code a source map maps to `line` (1-based) of its one source, in order. */
export function compiledLines(map: string, line: number): number[] {
  const { mappings } = JSON.parse(map) as { mappings: string };
  const out: number[] = [];
  let source = 0;
  mappings.split(';').forEach((segments, generated) => {
    for (const segment of segments.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      // [column, source index, source line, source column, name]: the source line is a delta, kept across lines.
      if (fields.length >= 4) {
        source += fields[2]!;
        if (source + 1 === line && out.at(-1) !== generated + 1) out.push(generated + 1);
      }
    }
  });
  return out;
}
