// Dotted-path access for plain objects: 'a.b.c' and 'items.0.name'.
export type PathValue = unknown;
type Bag = Record<string, unknown>;

function split(path: string): string[] {
  if (path === '') return [];
  return path.split('.');
}

export function getPath(target: unknown, path: string, fallback?: unknown): PathValue {
  let node: unknown = target;
  for (const key of split(path)) {
    if (node === null || typeof node !== 'object') return fallback;
    node = (node as Bag)[key];
  }
  return node === undefined ? fallback : node;
}

export function setPath(target: Bag, path: string, value: unknown): Bag {
  const keys = split(path);
  let node: Bag = target;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]!;
    if (node[key] === null || typeof node[key] !== 'object') {
      node[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    }
    node = node[key] as Bag;
  }
  node[keys[keys.length - 1]!] = value;
  return target;
}

export function unsetPath(target: Bag, path: string): boolean {
  const keys = split(path);
  const last = keys.pop();
  const parent = getPath(target, keys.join('.'));
  if (last === undefined || parent === null || typeof parent !== 'object') return false;
  return delete (parent as Bag)[last];
}
