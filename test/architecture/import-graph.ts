// Reads the import graph of src/: every relative specifier of every module (static imports, `export … from`,
// `import type`, dynamic import() and require()), parsed by the TypeScript compiler's own pre-processor.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';
import type { ImportEdge } from './layers.ts';

const MODULE = /\.(?:[cm]?ts|[cm]?js)$/;

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return modulesUnder(path);
      return MODULE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
}

/** The relative specifiers a module's text imports (package imports are not part of the layout). */
export function relativeSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/** Every relative import of every module under `srcDir`, paths relative to it with forward slashes. */
export function importGraph(srcDir: string): ImportEdge[] {
  const toPosix = (p: string) => p.split(sep).join('/');
  return modulesUnder(srcDir).flatMap((file) => {
    const from = toPosix(relative(srcDir, file));
    return relativeSpecifiers(readFileSync(file, 'utf8')).map((specifier) => ({
      from,
      to: posix.normalize(posix.join(toPosix(dirname(from)), specifier)),
      specifier,
    }));
  });
}
