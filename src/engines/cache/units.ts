// The units `cache prune` takes: ages (30d, 12h, 90m) and sizes (500MB, 2GB, 64KB, or bytes). Pure parsing.
import { UsageError } from '../../foundations/errors.ts';

const AGE_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Milliseconds from "30d", "12h", "90m" or "2w"; a usage error naming the flag otherwise. */
export function parseAge(flag: string, value: string): number {
  const m = /^(\d+)([mhdw])$/.exec(value.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`--${flag} takes an age like 30d, 12h, 90m or 2w (got '${value}').`);
  return Number(m[1]) * AGE_UNITS[m[2]!]!;
}

/** Bytes from "500MB", "2GB", "64KB" or a plain number of bytes; a usage error naming the flag otherwise. */
export function parseSize(flag: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?b?)$/i.exec(value.trim());
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined || m[2]!.toLowerCase() === 'k' || m[2]!.toLowerCase() === 'm' || m[2]!.toLowerCase() === 'g') {
    throw new UsageError(`--${flag} takes a size like 500MB, 2GB, 64KB or a number of bytes (got '${value}').`);
  }
  return Math.floor(Number(m[1]) * unit);
}

/** "1.2 MB" for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${n.toFixed(1)} ${units[i]}`;
}
