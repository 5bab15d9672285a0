// English-style plural selection for catalog entries of the form { one: "...", other: "..." }.
import { format } from './format.js';

export function plural(entry, count, params = {}) {
  const form = count === 1 ? entry.one : entry.other;
  return format(form, { ...params, count });
}
