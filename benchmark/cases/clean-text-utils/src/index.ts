export { slugify } from './slug.js';
export { escapeHtml, escapeRegExp, searchPattern } from './escape.js';
export { truncate, panelsFor } from './truncate.js';
export type { Unit } from './truncate.js';
export { wrap } from './wrap.js';
