'use strict';
const { toCents, formatCents } = require('./money');
const { applyDiscount } = require('./discount');
const { findCoupon } = require('./coupons');

const TAX_RATE = 0.2;

function buildInvoice(order) {
  const lines = order.items.map((item) => {
    const unit = toCents(item.price);
    return { sku: item.sku, quantity: item.quantity, totalCents: unit * item.quantity };
  });
  let subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);

  const coupon = findCoupon(order.coupon);
  if (coupon && subtotal >= coupon.minCents) {
    subtotal = applyDiscount(subtotal, coupon.percent);
  }

  const tax = Math.round(subtotal * TAX_RATE);
  return {
    lines,
    subtotal: formatCents(subtotal),
    tax: formatCents(tax),
    total: formatCents(subtotal + tax),
  };
}

module.exports = { buildInvoice };
