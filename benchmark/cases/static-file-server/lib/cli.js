#!/usr/bin/env node
'use strict';
const { createStaticServer } = require('./server');

const root = process.argv[2] || '.';
const port = Number(process.argv[3]) || 8000;
createStaticServer(root, { accessLog: process.env.ACCESS_LOG }).listen(port, '127.0.0.1', () => {
  console.log(`serving ${root} on http://127.0.0.1:${port}`);
});
