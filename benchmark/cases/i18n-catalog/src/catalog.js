// Message catalogs: nested JSON per locale, flattened to "a.b.c" keys. Translators upload overrides as JSON.

export function createCatalog() {
  return { locales: {} };
}

function mergeInto(target, source) {
  for (const key in source) {
    const value = source[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (!target[key]) target[key] = {};
      mergeInto(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/** Adds messages for a locale; `json` is the text of an uploaded translation file. */
export function addMessages(catalog, locale, json) {
  const messages = JSON.parse(json);
  catalog.locales[locale] = mergeInto(catalog.locales[locale] ?? {}, messages);
  return catalog;
}

export function lookup(catalog, locale, key) {
  let node = catalog.locales[locale];
  for (const part of key.split('.')) {
    if (node == null) return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}
