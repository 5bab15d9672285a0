export { parseCsv } from './csv.js';
export { importTransactions, parseAmount } from './transactions.js';
export type { Transaction } from './transactions.js';
export { monthlyTotals } from './summary.js';
