'use strict';
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function mimeType(file) {
  const dot = file.lastIndexOf('.');
  return (dot !== -1 && TYPES[file.slice(dot).toLowerCase()]) || 'application/octet-stream';
}

module.exports = { mimeType };
