// Exponential backoff with full jitter, capped at five minutes.
const BASE_MS = 500;
const CAP_MS = 5 * 60 * 1000;

export function backoff(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}
