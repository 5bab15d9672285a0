// A key check that an array slips past: `if (k === '__proto__' || k === 'constructor' || …) continue` compares the
// key as it is, but a path the caller hands in as an array (`Array.isArray(path) ? path : parse(path)`) may hold
// arrays as its keys: `[['__proto__'], 'polluted']` passes `===` and `.includes` (['__proto__'] is not the string),
// and `obj[['__proto__']]` is `obj['__proto__']` once the array becomes a property key. So a check of the key's name
// blocks nothing where the keys may be the caller's own array elements, compared strictly and never made strings.
// A loose `==` compares the array's string and does block; so do String(k), a template, `'' + k`, or a typeof test.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, paramsOf } from '../../ast.ts';

/** The key compared strictly with `__proto__`, or looked up in a list written in place that names it. */
const STRICT_CHECK = /[!=]==\s*['"`]__proto__['"`]|['"`]__proto__['"`]\s*[!=]==|\[[^\]]*['"`]__proto__['"`][^\]]*\]\s*\.\s*(?:includes|indexOf)\s*\(/;
/** A loose comparison with `__proto__`: an array key is compared as its string. */
const LOOSE_CHECK = /(?<![!=])[!=]=\s*['"`]__proto__['"`]|['"`]__proto__['"`]\s*[!=]=(?!=)/;
/** The key made a string before it is used (`k = String(k)`, `obj[\`${k}\`]`, `keys.map(String)`, `k = '' + k`), or
 *  its type tested (`typeof k !== 'string'`): an array element is no longer one. A message built with the key is not. */
const COERCED = /=\s*(?:String\s*\(|['"`]['"`]\s*\+|`\$\{|[\w$.]+\.toString\s*\()|\[\s*(?:String\s*\(|`\$\{|['"`]['"`]\s*\+)|\.map\s*\(\s*String\s*\)|\.map\s*\([^)]*=>\s*String\s*\(|\btypeof\s+[\w$]+\s*[!=]==?\s*['"]string['"]/;

/** A parameter kept as the list of keys when it is an array: `Array.isArray(p) ? p : …` (a copy of it too). */
function arrayParamKept(fn: SgNode, text: string): boolean {
  return paramsOf(fn).some(({ name }) => {
    const p = escapeRe(name);
    return new RegExp(`Array\\.isArray\\(\\s*${p}\\s*\\)\\s*\\?\\s*(?:${p}\\b(?!\\s*\\.\\s*(?:map|split|join))|\\[\\s*\\.\\.\\.\\s*${p}\\s*\\])`).test(text);
  });
}

/** The function's own check of the key's name can be passed by an array key from the caller (see above).
 *  `listed`: the check looks the key up in a module-level list naming `__proto__` (`BLOCKED.includes(k)`). */
export function arrayKeyPassesCheck(fn: SgNode, text: string, listed: boolean): boolean {
  return (STRICT_CHECK.test(text) || listed) && !LOOSE_CHECK.test(text) && !COERCED.test(text) && arrayParamKept(fn, text);
}
