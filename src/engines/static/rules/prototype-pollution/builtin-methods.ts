// Prototype pollution, the methods parsed input answers to. A request body, a query string, JSON, YAML or an INI file
// parse into strings, numbers, arrays and plain objects (and a library may keep them in maps and sets): no function of
// their own. A call of any other method (`type.splitPath()`, `schema.getPaths()`) runs on an object the library built,
// and what it returns is that object's computation, not the input's keys (keys.ts follows only the arguments then).
const BUILTINS: readonly object[] = [String, Array, Object, Map, Set, WeakMap, RegExp, Number, Boolean, Function, Date, Promise, URLSearchParams, Buffer, Object.getPrototypeOf(Uint8Array)].map((c) => (c as { prototype: object }).prototype);
// Iterators (`it.next().value`) and generators step through the input's own values.
const ITERATION = ['next', 'return', 'throw'];

const NAMES: ReadonlySet<string> = new Set([...BUILTINS.flatMap((p) => Object.getOwnPropertyNames(p)), ...ITERATION]);

/** `name` is a method of a built-in value (a string, array, plain object, map, set …): it can hand on the receiver's keys. */
export function builtinMethod(name: string): boolean {
  return NAMES.has(name);
}
