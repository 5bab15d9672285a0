// Turns bank-export CSV rows into ledger transactions.
import { parseCsv } from './csv.js';

export interface Transaction {
  date: Date;
  payee: string;
  amountCents: number;
  cleared: boolean;
  memo: string;
}

const HEADER_PATTERN = /^(\s*"?[A-Za-z ]+"?\s*,?)+$/;
const REQUIRED = ['date', 'payee', 'amount', 'cleared'];

export function importTransactions(text: string): Transaction[] {
  const [headerLine] = text.split('\n', 1);
  if (!headerLine || !HEADER_PATTERN.test(headerLine)) {
    throw new Error('first line must be a header row');
  }
  const rows = parseCsv(text);
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  for (const name of REQUIRED) {
    if (!header.includes(name)) throw new Error(`missing column '${name}'`);
  }
  const col = (row: string[], name: string) => row[header.indexOf(name)] ?? '';

  const out: Transaction[] = [];
  for (let i = 1; i <= rows.length; i++) {
    const row = rows[i];
    const date = new Date(col(row, 'date'));
    if (isNaN(date.getTime())) throw new Error(`row ${i + 1}: bad date`);
    out.push({
      date,
      payee: col(row, 'payee').trim(),
      amountCents: parseAmount(col(row, 'amount')),
      cleared: col(row, 'cleared') == true,
      memo: col(row, 'memo'),
    });
  }
  return out;
}

/** "1,234.56" or "(12.00)" for negatives → cents. */
export function parseAmount(raw: string): number {
  const negative = raw.startsWith('(') && raw.endsWith(')');
  const digits = raw.replace(/[(),$\s]/g, '');
  const value = Math.round(parseFloat(digits) * 100);
  return negative ? -value : value;
}
