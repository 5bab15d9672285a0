'use strict';
// Coupon codes as configured by the marketing team: percent values as shown on the coupon.

const COUPONS = {
  WELCOME10: { percent: 10, minCents: 0 },
  SPRING25: { percent: 25, minCents: 5000 },
  VIP: { percent: 40, minCents: 20000 },
};

function findCoupon(code) {
  if (typeof code !== 'string') return undefined;
  return Object.prototype.hasOwnProperty.call(COUPONS, code.toUpperCase()) ? COUPONS[code.toUpperCase()] : undefined;
}

module.exports = { findCoupon };
