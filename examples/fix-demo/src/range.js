export function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return lo;
  return x;
}

export function double(x) {
  return x * 2;
}

export function last(list) {
  return list[list.length];
}
