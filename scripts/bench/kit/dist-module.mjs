// A module of a checkout's compiled dist/ as an import URL: under dist/engines/ since the rank layout, at the top of
// dist/ in older checkouts (a bench may measure a baseline checkout built before it). Plain JavaScript, like the
// engine runners that use it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `path` is the module's place under engines/, e.g. 'static/parse.js'. */
export function engineModule(dist, path) {
  return pathToFileURL(join(dist, existsSync(join(dist, 'engines', path)) ? 'engines' : '', path)).href;
}
