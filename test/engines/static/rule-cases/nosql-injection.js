/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule nosql-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const express = require('express');
const mongoose = require('mongoose');
const Member = mongoose.model('Member', new mongoose.Schema({ handle: String, secret: String }));
const router = express.Router();

// from test/engines/static/fixtures/nosql/bugs.js
router.post('/members/signin', async (req, res) => {
  const found = await Member.findOne({ handle: req.body.handle, secret: req.body.secret }); // ruleid: nosql-injection
  res.json(found);
});

// from test/engines/static/fixtures/nosql/bugs.js
router.post('/staff/signin', (req, res) => {
  const store = req.app.db;
  store.staff.findOne({ mail: req.body.mail }, (err, person) => { // ruleid: nosql-injection
    res.json(person);
  });
});

// from test/engines/static/fixtures/nosql/bugs.js
router.get('/invoices', async (req, res) => {
  const { status } = req.query;
  const rows = await req.app.db.collection('invoices').find({ status }).toArray(); // ruleid: nosql-injection
  res.json(rows);
});

// from test/engines/static/fixtures/nosql/bugs.js
router.post('/reports/query', async (req, res) => {
  // The whole body is the filter.
  const rows = await Member.find(req.body); // ruleid: nosql-injection
  res.json(rows);
});
