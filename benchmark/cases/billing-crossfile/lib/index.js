'use strict';
module.exports = {
  ...require('./invoice'),
  ...require('./refunds'),
  ...require('./money'),
};
