/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule nosql-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const express = require('express');
const sanitize = require('./clean');
const { ObjectId } = require('mongodb');
const router = express.Router();

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.post('/members/signin', async (req, res) => {
  const store = req.app.store;
  // Cast to a string: an operator object becomes "[object Object]".
  // ok: nosql-injection
  const member = await store.db.members.findOne({ handle: String(req.body.handle) });
  res.json(member);
});

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.get('/orders/:ref', async (req, res) => {
  // ObjectId() throws on an object.
  // ok: nosql-injection
  const order = await req.app.db.orders.findOne({ _id: ObjectId(req.query.ref) });
  res.json(order);
});

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.post('/tickets/lookup', async (req, res) => {
  const code = req.body.code;
  // typeof … === 'string' rejects {"$ne": null}.
  if (typeof code !== 'string') return res.status(400).end();
  // ok: nosql-injection
  const ticket = await req.app.db.tickets.findOne({ code });
  res.json(ticket);
});

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.post('/coupons/apply', async (req, res) => {
  // A sanitiser strips $-keys.
  // ok: nosql-injection
  const coupon = await req.app.db.coupons.findOne({ label: sanitize(req.body.label) });
  res.json(coupon);
});

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.get('/pages/:slug', async (req, res) => {
  // Express route parameters are always strings.
  // ok: nosql-injection
  const page = await req.app.db.pages.findOne({ slug: req.params.slug });
  res.json(page);
});

// from test/engines/static/fixtures/nosql/decoys.js (a decoy)
router.get('/feed', async (req, res) => {
  // A fixed filter, and a number parsed from input.
  // ok: nosql-injection
  const items = await req.app.db.items.find({ published: true }).limit(parseInt(req.query.limit, 10)).toArray();
  const total = await req.app.db.items.countDocuments({ views: { $gt: Number(req.query.min) } });
  res.json({ items, total });
});
