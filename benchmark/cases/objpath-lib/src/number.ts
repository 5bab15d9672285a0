// Lenient number parsing for values that arrive as strings (query strings, env vars, form fields).

export function toNumber(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (parsed === NaN) return fallback;
  return parsed;
}

/** Restricts value to [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  if (min > max) throw new RangeError(`clamp: min ${min} is greater than max ${max}`);
  return Math.min(Math.max(value, min), max);
}
