/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule missing-await-in-try: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
const router = require('express').Router();
const fs = require('fs');
async function fetchProfile(id) {
  const res = await fetch(`https://profiles.example.com/${id}`);
  return res.json();
}

// from test/engines/static/fixtures/async/bugs.js
async function getUser(id) {
  try {
    return fetch(`https://api.example.com/users/${id}`); // ruleid: missing-await-in-try
  } catch (err) {
    return null;
  }
}

// from test/engines/static/fixtures/async/more-bugs.js
async function loadProfile(id) {
  try {
    return fetchProfile(id); // ruleid: missing-await-in-try
  } catch (err) {
    return { id, anonymous: true };
  }
}
