'use strict';
const { toCents, formatCents } = require('./money');

function refundAmount(invoiceTotal, requested) {
  const total = toCents(invoiceTotal);
  const wanted = toCents(requested);
  if (total === null || wanted === null) {
    throw new Error(`refund: invalid amount (total=${invoiceTotal}, requested=${requested})`);
  }
  return formatCents(Math.min(total, wanted));
}

module.exports = { refundAmount };
