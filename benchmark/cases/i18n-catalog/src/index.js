import { createCatalog, addMessages, lookup } from './catalog.js';
import { format } from './format.js';
import { plural } from './plural.js';

export { createCatalog, addMessages, lookup, format, plural };

/** t(catalog, 'en', 'inbox.greeting', 'Ada', 3) — positional values for quick use in templates. */
export function t(catalog, locale, key, ...values) {
  const message = lookup(catalog, locale, key) ?? lookup(catalog, 'en', key) ?? key;
  return format(message, values);
}
