// Durations on the command line: --interval 5m, --since 24h. A number with a unit (ms, s, m, h, d); a bare
// number is seconds. Anything else is a usage error naming the flag.
import { UsageError } from '../../foundations/errors.ts';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(flag: string, value: string, minMs = 1): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] ?? 's']! : Number.NaN;
  if (!Number.isFinite(ms) || ms < minMs) throw new UsageError(`--${flag} takes a duration such as 30s, 5m, 24h or 2d (got '${value}').`);
  return Math.round(ms);
}

/** A positive number (decimals allowed) from a flag, or a usage error naming the flag. */
export function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`--${flag} takes a number above 0 (got '${value}').`);
  return n;
}
