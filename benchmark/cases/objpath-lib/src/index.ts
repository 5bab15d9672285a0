export { getPath, setPath, unsetPath } from './path.js';
export { deepMerge } from './merge.js';
export { toNumber, clamp } from './number.js';
export type { PathValue } from './path.js';
