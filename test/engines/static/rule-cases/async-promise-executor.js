/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule async-promise-executor: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
const fs = require('fs');

// from test/engines/static/fixtures/async/bugs.js
function loadConfig(path) {
  return new Promise(async (resolve, reject) => { // ruleid: async-promise-executor
    const text = await readText(path);
    resolve(JSON.parse(text));
  });
}

// from test/engines/static/fixtures/async/more-bugs.js
function readJson(path) {
  return new Promise(async (resolve) => { // ruleid: async-promise-executor
    const text = await fs.promises.readFile(path, 'utf8');
    resolve(JSON.parse(text));
  });
}
