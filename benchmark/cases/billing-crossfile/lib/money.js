'use strict';
// Money helpers. All amounts inside the billing core are integer cents.

/**
 * Parses a decimal amount such as "19.99" or "20" into integer cents.
 * Returns null when the text is not a valid non-negative amount with at most two decimals.
 */
function toCents(text) {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(text).trim());
  if (!match) return null;
  const fraction = (match[2] || '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

function formatCents(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

module.exports = { toCents, formatCents };
