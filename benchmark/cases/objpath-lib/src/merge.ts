// Deep merge for configuration objects: arrays are replaced, plain objects are merged, source wins.
type Bag = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Bag {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function deepMerge<T extends Bag>(target: T, source: unknown): T {
  if (!isPlainObject(source)) return target;
  for (const key of Object.keys(source)) {
    if (FORBIDDEN.has(key)) continue;
    const incoming = source[key];
    const current = (target as Bag)[key];
    if (isPlainObject(incoming) && isPlainObject(current)) {
      deepMerge(current, incoming);
    } else if (isPlainObject(incoming)) {
      (target as Bag)[key] = deepMerge({}, incoming);
    } else {
      (target as Bag)[key] = incoming;
    }
  }
  return target;
}
