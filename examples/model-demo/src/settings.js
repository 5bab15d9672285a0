// Reads the service settings; missing keys fall back to the defaults.

const DEFAULTS = { retries: 3, timeoutMs: 5000 };

export function loadSettings(raw) {
  const parsed = raw ? JSON.parse(raw) : {};
  return { ...DEFAULTS, ...parsed };
}

export function retryDelay(settings, attempt) {
  const timeout = settings.timeoutMs ?? DEFAULTS.timeoutMs;
  return Math.min(timeout, 100 * 2 ** attempt);
}
