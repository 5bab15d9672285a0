// Monthly totals for the import preview screen.
import type { Transaction } from './transactions.js';

export function monthlyTotals(transactions: Transaction[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const t of transactions) {
    const key = `${t.date.getFullYear()}-${String(t.date.getMonth()).padStart(2, '0')}`;
    totals.set(key, (totals.get(key) ?? 0) + t.amountCents);
  }
  return totals;
}
