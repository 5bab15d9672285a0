/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule sql-injection: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const { exec, execSync, spawn } = require('child_process');
const cp = require('node:child_process');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');
const vm = require('vm');
const router = require('express').Router();
const express = require('express');
const db = require('../lib/db');
const { mergeSettings } = require('../lib/merge');

// from test/engines/static/fixtures/injection/bugs.js
router.get('/users', async (req, res) => {
  const sql = `SELECT * FROM users WHERE name = '${req.query.name}'`;
  const rows = await db.query(sql); // ruleid: sql-injection
  res.json(rows);
});

// from test/engines/static/fixtures/injection/bugs.js
router.get('/orders', async (req, res) => {
  const rows = await pool.query('SELECT * FROM orders WHERE status = ' + req.query.status + ' ORDER BY id'); // ruleid: sql-injection
  res.json(rows);
});

// from test/engines/static/fixtures/injection/bugs.js
router.delete('/item/:id', (req, res) => {
  db.run(`DELETE FROM items WHERE id = ${req.params.id}`, () => res.end()); // ruleid: sql-injection
});

// from examples/demo-api/src/routes/users.js
router.get('/search', async (req, res) => {
  const sql = "SELECT id, name FROM users WHERE name LIKE '%" + req.query.q + "%'";
  const { rows } = await db.query(sql); // ruleid: sql-injection
  res.json(rows);
});
