// The JavaScript and TypeScript source files of a fetched package, as the static corpus scripts scan them: sorted,
// node_modules, declaration files, minified bundles and files over 2 MB left out.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const EXT = /\.(m?js|cjs|ts|mts|cts)$/;
const SKIP = /\.d\.[mc]?ts$|\.min\.js$/;

export function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) return name === 'node_modules' ? [] : sourceFilesUnder(p);
    return EXT.test(name) && !SKIP.test(name) && st.size < 2_000_000 ? [p] : [];
  });
}
