// A key check that an array slips past: `if (k === '__proto__' || k === 'constructor' || …) continue` compares the
// key as it is, but a path the caller hands in as an array (`Array.isArray(path) ? path : parse(path)`) may hold
// arrays as its keys: `[['__proto__'], 'polluted']` passes `===` and `.includes` (['__proto__'] is not the string),
// and `obj[['__proto__']]` is `obj['__proto__']` once the array becomes a property key. So a check of the key's name
// blocks nothing where the keys may be the caller's own array elements, compared strictly and never made strings.
// A loose `==` compares the array's string and does block; so do String(k), a template, `'' + k`, or a typeof test.
// Keys from `for…in` or Object.keys are strings: only a key read from the caller's kept array counts.
import type { SgNode } from '@ast-grep/napi';
import { escapeRe, paramsOf } from '../../ast.ts';

const PROTO = `['"\`]__proto__['"\`]`;
// A key as the check names it: a name, or an element read in place (`keys[i]`).
const KEY = String.raw`[\w$]+(?:\[[^\]\n]*\])?`;
/** The keys compared strictly with `__proto__`, or looked up in a list written in place that names it (or, with
 *  `listed`, in any list: the module-level one naming it). */
function strictlyChecked(text: string, listed: boolean): string[] {
  const forms = [
    new RegExp(`(${KEY})\\s*[!=]==\\s*${PROTO}`, 'g'),
    new RegExp(`${PROTO}\\s*[!=]==\\s*(${KEY})`, 'g'),
    new RegExp(`\\[[^\\]]*${PROTO}[^\\]]*\\]\\s*\\.\\s*(?:includes|indexOf)\\s*\\(\\s*(${KEY})\\s*\\)`, 'g'),
    ...(listed ? [new RegExp(`\\.\\s*(?:includes|indexOf|has)\\s*\\(\\s*(${KEY})\\s*\\)`, 'g')] : []),
  ];
  return [...new Set(forms.flatMap((re) => [...text.matchAll(re)].map((m) => m[1] as string)))];
}

/** The key compared loosely with `__proto__` (an array is compared as its string), tested by a pattern naming it
 *  (`/^__proto__$/.test(k)` reads the key's string), or its type tested. */
function screened(text: string, key: string): boolean {
  const k = escapeRe(key);
  return new RegExp(`(?<![\\w$.])${k}\\s*[!=]=(?!=)\\s*${PROTO}|${PROTO}\\s*[!=]=(?!=)\\s*${k}(?![\\w$])|\\btypeof\\s+${k}\\s*[!=]==?\\s*['"]string['"]|__proto__[^/\\n]*\\/[a-z]*\\s*\\.\\s*test\\s*\\(\\s*${k}\\s*\\)`).test(text);
}

/** A key made a string anywhere in the function (`String(k)`, a template, `'' + k`, `.toString()`, `map(String)`):
 *  read as making the compared key one too. */
const COERCED = /\bString\s*\(|\.map\s*\(\s*String\s*\)|`[^`]*\$\{|(?:''|""|``)\s*\+|\+\s*(?:''|""|``)|\.toString\s*\(/;

/** The names the caller's path is kept under when it is an array: the parameter, and what `Array.isArray(p) ? p…`
 *  (or a copy, `[...p]`, `p.slice()`) is assigned to. */
function keptArrays(fn: SgNode, text: string): string[] {
  return paramsOf(fn).flatMap(({ name }) => {
    const p = escapeRe(name);
    const kept = new RegExp(`Array\\.isArray\\(\\s*${p}\\s*\\)\\s*\\?\\s*(?:${p}\\b(?!\\s*\\.\\s*(?:map|split|join))|\\[\\s*\\.\\.\\.\\s*${p}\\s*\\])`);
    if (!kept.test(text)) return [];
    const named = [...text.matchAll(new RegExp(`([\\w$]+)\\s*=\\s*\\(?\\s*Array\\.isArray\\(\\s*${p}\\s*\\)\\s*\\?`, 'g'))].map((m) => m[1] as string);
    return [name, ...named];
  });
}

/** The key is one of the kept array's elements: read from it in place, bound from it (`k = keys[i]`, `keys.shift()`,
 *  `keys.pop()`), or the variable of a loop or callback over it. */
function elementOf(text: string, key: string, arrays: readonly string[]): boolean {
  const k = escapeRe(key.replace(/\[.*$/, ''));
  return arrays.some((name) => {
    const a = escapeRe(name);
    if (new RegExp(`^${a}\\[`).test(key)) return true;
    return new RegExp(
      `\\b${k}\\s*=\\s*${a}\\s*(?:\\[|\\.\\s*(?:shift|pop)\\s*\\()|\\bfor\\s*\\(\\s*(?:var|let|const)?\\s*${k}\\s+of\\s+${a}\\b|\\b${a}\\s*\\.\\s*(?:forEach|reduce|every|some|map)\\s*\\(\\s*(?:function\\s*)?\\(?\\s*(?:[\\w$]+\\s*,\\s*)?${k}\\b`,
    ).test(text);
  });
}

/** The function's own check of the key's name can be passed by an array key from the caller (see above): a key it
 *  compares strictly is an element of the caller's array kept as it is, never compared loosely, type-tested or made
 *  a string. `listed`: the check looks keys up in a module-level list naming `__proto__` (`BLOCKED.includes(k)`). */
export function arrayKeyPassesCheck(fn: SgNode, text: string, listed: boolean): boolean {
  if (COERCED.test(text)) return false;
  const arrays = keptArrays(fn, text);
  if (arrays.length === 0) return false;
  return strictlyChecked(text, listed).some((key) => !screened(text, key) && elementOf(text, key, arrays));
}
