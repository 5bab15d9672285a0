// The rewrites the mutation run applies to a sink file, each a real compiler's output with its source map: the same
// program in the shape other packages ship it. `es5`: TypeScript compiling to ES5 and CommonJS (classes become
// functions in an IIFE, arrows capture `this` as `_this`, rest parameters a copy loop over `arguments`, for…of an
// index loop). `rename`: esbuild renaming every local variable and parameter (`req` becomes `e`), the names a rule
// must not depend on. Top-level names, properties and strings stay. `bundle`: the module as a bundler ships it, the
// body of a module function in a webpack-style bootstrap (`function (module, exports, __webpack_require__) {…}`), so
// its exports are a parameter's and its top level is a function's.
import { transformSync } from 'esbuild';
import ts from 'typescript';

export const MUTATIONS = ['es5', 'rename', 'bundle'] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface Compiled { code: string; map: string }

const isTs = (file: string) => /\.[mc]?tsx?$/.test(file);

// The bootstrap around the module: its lines come before the module's own, which keep their text and order.
const BUNDLE_HEAD = [
  '/******/ (function (modules) {',
  '/******/   var installed = {};',
  '/******/   function load(id) {',
  '/******/     if (installed[id]) return installed[id].exports;',
  '/******/     var module = installed[id] = { exports: {} };',
  '/******/     modules[id].call(module.exports, module, module.exports, load);',
  '/******/     return module.exports;',
  '/******/   }',
  '/******/   module.exports = load(0);',
  '/******/ })([',
  '/* 0 */ (function (module, exports, __webpack_require__) {',
];
const BUNDLE_TAIL = ['/***/ })', '/******/ ]);', ''];

/** A source map saying line n of the source is line n + offset of the output (a wrapper that only adds lines above). */
function shiftedMap(lines: number, offset: number): string {
  // First segment of line offset + 1: column 0 of source 0, line 0 (AAAA); each later line one source line on (AACA).
  const mappings = [...Array(offset).fill(''), 'AAAA', ...Array(Math.max(0, lines - 1)).fill('AACA')].join(';');
  return JSON.stringify({ version: 3, sources: ['source'], names: [], mappings });
}

export function compile(mutation: Mutation, file: string, text: string): Compiled {
  if (mutation === 'bundle') {
    // An ES module's import and export statements cannot stand in a function: a bundler rewrites them first.
    if (/^\s*(?:import\s*[\w{*'"]|export\s)/m.test(text)) throw new Error('an ES module: not bundled as written');
    const lines = text.split('\n');
    return { code: [...BUNDLE_HEAD, ...lines, ...BUNDLE_TAIL].join('\n'), map: shiftedMap(lines.length, BUNDLE_HEAD.length) };
  }
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
