'use strict';
// The public face of lib/: re-exports the checked DNS lookup.
module.exports = { lookup: require('./dns').lookup };
