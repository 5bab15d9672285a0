'use strict';

/**
 * Applies a percentage discount.
 * @param {number} cents   amount in integer cents
 * @param {number} rate    fraction between 0 and 1 (0.15 means 15 % off)
 * @returns {number} discounted amount in cents, rounded half up
 */
function applyDiscount(cents, rate) {
  if (rate < 0 || rate > 1) throw new RangeError(`discount rate ${rate} outside [0, 1]`);
  return Math.round(cents * (1 - rate));
}

module.exports = { applyDiscount };
