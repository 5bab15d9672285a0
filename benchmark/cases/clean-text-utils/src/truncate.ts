// Truncation that never cuts a surrogate pair or leaves a dangling space before the ellipsis.

export type Unit = 'chars' | 'words';

export function truncate(text: string, limit: number, unit: Unit = 'chars'): string {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer (got ${limit})`);
  let cut: string;
  switch (unit) {
    case 'words': {
      const words = text.split(/\s+/).filter(Boolean);
      if (words.length <= limit) return text;
      cut = words.slice(0, limit).join(' ');
      break;
    }
    case 'chars': {
      const chars = Array.from(text);
      if (chars.length <= limit) return text;
      cut = chars.slice(0, limit).join('');
      break;
    }
    default: {
      const never: never = unit;
      throw new Error(`unknown unit ${String(never)}`);
    }
  }
  return `${cut.trimEnd()}…`;
}

/** Severity of a lint message in the editor gutter; warnings are also shown in the problems panel. */
export function panelsFor(level: 'error' | 'warning' | 'info'): string[] {
  const panels: string[] = [];
  switch (level) {
    case 'error':
      panels.push('statusbar');
    // falls through: errors are shown everywhere a warning is
    case 'warning':
      panels.push('problems');
    // falls through
    case 'info':
      panels.push('gutter');
      break;
  }
  return panels;
}
