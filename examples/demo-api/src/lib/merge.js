// Merging user preferences into stored settings.

/** Recursively copies every key of `patch` into `target`. */
function mergeSettings(target, patch) {
  for (const key in patch) {
    if (patch[key] !== null && typeof patch[key] === 'object') {
      if (typeof target[key] !== 'object') target[key] = {};
      mergeSettings(target[key], patch[key]); // expect: prototype-pollution
    } else {
      target[key] = patch[key];
    }
  }
  return target;
}

const BLOCKED = new Set(['__proto__', 'constructor', 'prototype']);

/** The same merge, with the dangerous keys rejected: the decoy. */
function mergeSafely(target, patch) {
  for (const key of Object.keys(patch)) {
    if (BLOCKED.has(key)) continue;
    if (patch[key] !== null && typeof patch[key] === 'object') {
      if (typeof target[key] !== 'object') target[key] = {};
      mergeSafely(target[key], patch[key]);
    } else {
      target[key] = patch[key];
    }
  }
  return target;
}

module.exports = { mergeSettings, mergeSafely };
